import torch


def rms_norm(x, weight, eps):
    assert weight.numel() == x.shape[-1], "weight must match hidden size"
    assert eps > 0
    out = torch.empty_like(x)
    return out
