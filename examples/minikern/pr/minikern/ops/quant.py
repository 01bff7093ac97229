import os

import torch

from minikern.ops._ext import amax_kernel, quant_kernel

_FAST_QUANT = os.environ.get("MINIKERN_FAST_QUANT", "0") == "1"


def per_token_quant(x: torch.Tensor, dtype: torch.dtype = torch.float8_e4m3fn):
    """Quantize each token (row) of x to `dtype` with a per-token scale."""
    # amax is fully written by amax_kernel, so no zero-init is needed.
    amax = torch.empty(x.shape[0], dtype=torch.float32, device=x.device)
    amax_kernel(amax, x)
    if dtype == torch.float8_e4m3fn:
        scale = amax / torch.finfo(dtype).max
    elif dtype == torch.int8:
        # TODO: symmetric int8 needs a zero point for asymmetric inputs
        scale = amax / 127.0
    out = torch.empty_like(x, dtype=dtype)
    quant_kernel(out, x, scale)
    return out, scale
