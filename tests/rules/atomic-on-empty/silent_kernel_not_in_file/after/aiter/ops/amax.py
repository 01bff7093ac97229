import torch

from aiter.jit.core import compile_ops


@compile_ops("module_quant")
def head_amax(x: torch.Tensor, out: torch.Tensor) -> None: ...


def per_head_amax(x):
    # The kernel's source is compiled elsewhere; nothing in this file shows an atomic.
    out = torch.empty(x.shape[1], device=x.device, dtype=torch.float32)
    head_amax(x, out)
    return out
