from torch import Tensor

from ..jit.core import compile_ops


@compile_ops("module_gelu", develop=False)
def gelu(out: Tensor, x: Tensor) -> None: ...


def build_flags(develop=True):
    return {"develop": develop}


CONFIG = dict(develop=True)
