import torch


def fused_add(x, y, alpha=1.0):
    return x + alpha * y


def scaled_copy(src, scale, **kwargs):
    return src * scale
