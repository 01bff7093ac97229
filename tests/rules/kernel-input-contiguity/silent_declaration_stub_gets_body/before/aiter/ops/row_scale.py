import torch

from aiter.jit.core import compile_ops


@compile_ops("module_row_scale")
def row_scale(x: torch.Tensor, scales: torch.Tensor) -> torch.Tensor: ...
