import torch


def rms_norm(x, weight, eps=1e-6, cfg=None):
    groups = getattr(cfg, "num_norm_groups", 1)  # expect: getattr-key-unset
    var = x.pow(2).mean(-1, keepdim=True)
    return x * torch.rsqrt(var + eps) * weight / groups


class NormConfig:
    def __init__(self, hidden):
        self.hidden = hidden
