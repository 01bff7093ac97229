from torch import Tensor

from ..jit.core import compile_ops


@compile_ops(
    "module_activation",
    develop=True,
)
def silu_and_mul(out: Tensor, x: Tensor) -> None: ...
