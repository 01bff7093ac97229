import torch


def gemm_a8w8(x, w, x_scale, w_scale, splitk: int = 0):
    return torch.ops.aiter.gemm_a8w8(x, w, x_scale, w_scale, splitk)
