import torch

from aiter import dtypes


def group_quant(x, out_dtype):
    scale = torch.empty(x.shape[0], x.shape[1] // 32, dtype=dtypes.fp8_e8m0)
    packed = torch.empty(x.shape[0], x.shape[1] // 2, dtype=dtypes.fp4x2)
    return x.to(out_dtype), scale, packed


def quantize_bf16_to_fp8(x, out_dtype):
    y = cast_kernel(x, out_dtype=torch.bfloat16)
    return y.to(out_dtype)


def dispatch(a, quant_func, use_fp4_dispatch, use_fp8, quant_dtype):
    if use_fp4_dispatch:
        return quant_func(a, quant_dtype=dtypes.fp4x2)
    return quant_func(a, quant_dtype=quant_dtype)
