import torch


def make_inputs(m, n, dtype=None):
    a = torch.randn(m, n, dtype=torch.float16)
    return a.to(dtype) if dtype else a
