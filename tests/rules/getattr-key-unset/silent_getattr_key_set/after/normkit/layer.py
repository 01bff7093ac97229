import torch


def rms_norm(x, weight, eps=1e-6, cfg=None):
    groups = getattr(cfg, "num_norm_groups", 1)
    probe = getattr(cfg, "fused_kernel", None)
    contiguous = getattr(x, "is_packed_layout", False)
    if probe is not None:
        return probe(x, weight)
    var = x.pow(2).mean(-1, keepdim=True)
    return x * torch.rsqrt(var + eps) * weight / groups


class NormConfig:
    def __init__(self, hidden, num_norm_groups=1):
        self.hidden = hidden
        self.num_norm_groups = num_norm_groups
