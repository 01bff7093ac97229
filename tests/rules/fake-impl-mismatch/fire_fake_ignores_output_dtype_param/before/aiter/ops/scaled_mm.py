from typing import Optional

import torch

from aiter.jit.utils.torch_guard import torch_compile_guard


def _scaled_mm_meta(x: torch.Tensor, w: torch.Tensor, scale: Optional[torch.Tensor] = None) -> torch.Tensor:
    rows = x.reshape(-1, x.shape[-1]).shape[0]
    return torch.empty((rows, w.shape[0]), dtype=x.dtype, device=x.device)


@torch_compile_guard(gen_fake=_scaled_mm_meta)
def scaled_mm(x: torch.Tensor, w: torch.Tensor, scale: Optional[torch.Tensor] = None) -> torch.Tensor:
    y = _launch_scaled_mm(x.reshape(-1, x.shape[-1]), w, scale)
    return y
