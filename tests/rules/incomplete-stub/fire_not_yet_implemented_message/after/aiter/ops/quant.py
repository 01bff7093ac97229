import torch
from aiter import dtypes


def per_token_quant(x: torch.Tensor, quant_dtype):
    if quant_dtype == dtypes.fp8:
        scale = x.abs().amax(dim=-1, keepdim=True) / 448.0
        return (x / scale).to(quant_dtype), scale
    elif quant_dtype == dtypes.fp4x2:
        raise NotImplementedError("mxfp4 per-token quant is not yet implemented")  # expect: incomplete-stub
    return x, None
