import torch

from aiter import gemm_a8w8_splitk


def splitk_gemm(x, w, x_scale, w_scale, out, split_k: int):
    if split_k > 1:
        # Must be zeroed first: the split-k kernel atomically accumulates into out.
        out.zero_()
    gemm_a8w8_splitk(x, w, x_scale, w_scale, out, split_k)
    return out
