import torch


def rownorm(x, gamma):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * gamma


def apply(x, gamma, rows=None):
    # The packed kernel is retired: every shape takes the reference path.
    return rownorm(x, gamma)
