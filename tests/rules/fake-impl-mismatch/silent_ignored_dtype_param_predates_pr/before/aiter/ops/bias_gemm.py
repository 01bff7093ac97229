from typing import Optional

import torch

from aiter.jit.utils.torch_guard import torch_compile_guard


def bias_gemm_fake(a: torch.Tensor, b: torch.Tensor, bias: Optional[torch.Tensor] = None, otype: Optional[torch.dtype] = None) -> torch.Tensor:
    m = a.shape[0]
    return torch.empty((m, b.shape[0]), dtype=a.dtype, device=a.device)


@torch_compile_guard(gen_fake=bias_gemm_fake)
def bias_gemm(a: torch.Tensor, b: torch.Tensor, bias: Optional[torch.Tensor] = None, otype: Optional[torch.dtype] = None) -> torch.Tensor:
    c = _bias_gemm_impl(a, b, bias)
    return c.to(otype) if otype is not None else c
