from torch import Tensor

from ..jit.core import compile_ops


@compile_ops("module_rowscale")  # expect[warn]: fake-impl-missing
def rowscale_quant(x: Tensor, scale: Tensor) -> Tensor:
    """Scales each row and quantizes it."""
    ...


@compile_ops("module_rowscale")
def rowscale_inplace(out: Tensor, x: Tensor) -> None: ...
