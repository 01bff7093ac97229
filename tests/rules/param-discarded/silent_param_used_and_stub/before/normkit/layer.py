import torch


def rms_norm(x, weight, eps=1e-6):
    var = x.pow(2).mean(-1, keepdim=True)
    return x * torch.rsqrt(var + eps) * weight


class NormConfig:
    def __init__(self, hidden):
        self.hidden = hidden


def rms_norm_fake(x, weight, eps=1e-6):
    return torch.empty_like(x)


class NormHook:
    def on_step(self, x):
        """Subclasses override this."""
        return
