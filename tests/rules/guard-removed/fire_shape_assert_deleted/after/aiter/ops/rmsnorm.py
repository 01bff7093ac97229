import torch


def rms_norm(x, weight, eps, residual=None):  # expect: guard-removed
    out = torch.empty_like(x)
    _kernel(out, x, weight, eps)
    return out


def _kernel(out, x, weight, eps):
    out.copy_(x * weight)
