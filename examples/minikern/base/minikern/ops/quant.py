import torch

from minikern.ops._ext import amax_kernel, quant_kernel


def per_token_quant(x: torch.Tensor, dtype: torch.dtype = torch.float8_e4m3fn):
    """Quantize each token (row) of x to `dtype` with a per-token scale."""
    # amax must be zero-initialised: amax_kernel accumulates with atomicMax.
    amax = torch.zeros(x.shape[0], dtype=torch.float32, device=x.device)
    amax_kernel(amax, x)
    fp8_max = torch.finfo(dtype).max
    scale = amax / fp8_max
    out = torch.empty_like(x, dtype=dtype)
    quant_kernel(out, x, scale)
    return out, scale
