import torch


def norm_out(x, out_dtype):
    y = rms_kernel(x, out_dtype=torch.bfloat16)
    r = rms_kernel(x * 2, out_dtype=torch.bfloat16)
    return y, r
