from typing import Optional

import torch

from aiter.jit.utils.torch_guard import torch_compile_guard


# The fake honours the dtype parameter: nothing to report.
def mixed_gemm_fake(a: torch.Tensor, b: torch.Tensor, out_type: Optional[torch.dtype] = None) -> torch.Tensor:
    return torch.empty((a.shape[0], b.shape[1]), dtype=out_type or a.dtype, device=a.device)


@torch_compile_guard(gen_fake=mixed_gemm_fake)
def mixed_gemm(a: torch.Tensor, b: torch.Tensor, out_type: Optional[torch.dtype] = None) -> torch.Tensor:
    c = _mixed_gemm_impl(a, b)
    return c if out_type is None else c.to(out_type)


# The op only hands the dtype to its kernel, which picks the accumulator with it; the output
# stays in the input's dtype, as the fake says.
def acc_gemm_fake(a: torch.Tensor, b: torch.Tensor, acc: torch.dtype = torch.float32) -> torch.Tensor:
    return torch.empty((a.shape[0], b.shape[1]), dtype=a.dtype, device=a.device)


@torch_compile_guard(gen_fake=acc_gemm_fake)
def acc_gemm(a: torch.Tensor, b: torch.Tensor, acc: torch.dtype = torch.float32) -> torch.Tensor:
    c = torch.empty((a.shape[0], b.shape[1]), dtype=a.dtype, device=a.device)
    _acc_gemm_kernel(c, a, b, acc)
    return c
