import torch

from aiter.jit.core import compile_ops


@compile_ops("module_amax")
def token_amax(x: torch.Tensor, out: torch.Tensor) -> None: ...


def fp8_descale(x):
    out = torch.empty(1, device=x.device, dtype=torch.float32)  # expect: atomic-on-empty
    token_amax(x, out)
    return out / 448.0
