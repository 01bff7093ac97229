import torch


def fused_add(x, y, alpha=1.0, beta=0.0):
    return x + alpha * y + beta


def scaled_copy(src, scale, **kwargs):
    return src * scale


def fused_add_rmsnorm(x, eps=1e-6):
    return x / (x.pow(2).mean(-1, keepdim=True) + eps).sqrt()
