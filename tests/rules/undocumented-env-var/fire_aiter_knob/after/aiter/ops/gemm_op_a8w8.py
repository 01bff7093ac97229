import os

import torch


def gemm_a8w8(x, w, x_scale, w_scale, splitk: int = 0):
    if "AITER_GEMM_A8W8_SPLITK" in os.environ:  # expect[note]: undocumented-env-var
        splitk = int(os.environ["AITER_GEMM_A8W8_SPLITK"])
    return torch.ops.aiter.gemm_a8w8(x, w, x_scale, w_scale, splitk)
