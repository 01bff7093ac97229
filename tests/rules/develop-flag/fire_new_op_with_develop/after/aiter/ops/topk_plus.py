from torch import Tensor

from ..jit.core import compile_ops


@compile_ops(
    "module_topk_plus",
    develop=True,  # expect: develop-flag
)
def topk_plus(x: Tensor, out: Tensor, k: int) -> None: ...
