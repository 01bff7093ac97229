import torch
from kernelreg import register_kernel


def rowscale_shape_probe(x: torch.Tensor, scale: float) -> torch.Tensor:
    return x.new_empty(x.shape)


@register_kernel("module_rowscale", shape_probe=rowscale_shape_probe)
def rowscale(x: torch.Tensor, scale: float) -> torch.Tensor: ...
