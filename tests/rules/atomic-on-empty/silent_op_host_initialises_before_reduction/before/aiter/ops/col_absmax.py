import torch

from aiter.jit.core import compile_ops


@compile_ops("module_col_absmax")
def col_absmax(peak: torch.Tensor, x: torch.Tensor) -> None: ...
