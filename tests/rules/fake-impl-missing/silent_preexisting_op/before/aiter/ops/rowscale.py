from torch import Tensor

from ..jit.core import compile_ops


@compile_ops("module_rowscale")
def rowscale_quant(x: Tensor, scale: Tensor) -> Tensor: ...
