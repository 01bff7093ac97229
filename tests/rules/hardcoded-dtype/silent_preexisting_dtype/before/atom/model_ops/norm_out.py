import torch


def norm_out(x, out_dtype):
    y = torch.empty_like(x, dtype=torch.bfloat16)
    return y
