import torch


def per_token_scale(x, fp8_dtype):
    amax = x.abs().amax(dim=-1, keepdim=True)
    fp8_max = 240.0  # expect: fp8-max-constant
    return amax / fp8_max
