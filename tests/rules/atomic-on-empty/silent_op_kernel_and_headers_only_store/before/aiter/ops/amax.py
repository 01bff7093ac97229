import torch

from aiter.jit.core import compile_ops


@compile_ops("module_amax")
def token_amax(x: torch.Tensor, out: torch.Tensor) -> None: ...
