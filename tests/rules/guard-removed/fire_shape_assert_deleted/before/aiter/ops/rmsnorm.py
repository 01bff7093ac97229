import torch


def rms_norm(x, weight, eps):
    assert weight.numel() == x.shape[-1], "weight must match hidden size"
    out = torch.empty_like(x)
    _kernel(out, x, weight, eps)
    return out


def _kernel(out, x, weight, eps):
    out.copy_(x * weight)
