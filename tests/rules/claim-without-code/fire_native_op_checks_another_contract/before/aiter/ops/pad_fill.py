from torch import Tensor

from ..jit.core import compile_ops


@compile_ops("module_pad_fill", fc_name="pad_fill_rows")
def pad_fill_rows(out: Tensor, rows: Tensor, value: float) -> None: ...
