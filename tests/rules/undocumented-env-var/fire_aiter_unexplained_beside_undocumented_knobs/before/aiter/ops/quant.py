import torch


def fused_norm(x, w, eps: float = 1e-6):
    return torch.ops.aiter.fused_norm(x, w, eps)
