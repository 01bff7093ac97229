import torch
from kernelreg import register_kernel


# The kernel now writes into a caller-provided output, so the registry needs no shape probe.
@register_kernel("module_rowscale")
def rowscale(out: torch.Tensor, x: torch.Tensor, scale: float) -> None: ...
