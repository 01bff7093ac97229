import torch


def _check(x, weight, eps):
    if weight.numel() != x.shape[-1]:
        raise ValueError("weight must match hidden size")
    assert eps > 0


def rms_norm(x, weight, eps):
    _check(x, weight, eps)
    out = torch.empty_like(x)
    return out
