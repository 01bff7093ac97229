import torch

from aiter import gemm_a8w8_splitk


def splitk_gemm(x, w, x_scale, w_scale, out, split_k: int):
    gemm_a8w8_splitk(x, w, x_scale, w_scale, out, split_k)  # expect[red]: invariant-reversal
    return out
