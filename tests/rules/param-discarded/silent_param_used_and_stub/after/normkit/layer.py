import torch


def rms_norm(x, weight, eps=1e-6, out_scale=None):
    var = x.pow(2).mean(-1, keepdim=True)
    y = x * torch.rsqrt(var + eps) * weight
    return y if out_scale is None else y * out_scale


def fused_rms_norm_stub(x, weight, eps=1e-6):
    """Implemented in C++."""
    ...


class NormConfig:
    def __init__(self, hidden):
        self.hidden = hidden


def rms_norm_fake(x, weight, eps=1e-6, out_scale=None):
    return torch.empty_like(x)


class NormHook:
    def on_step(self, x, produces_output):
        """Subclasses override this; produces_output says whether a result follows."""
        return
