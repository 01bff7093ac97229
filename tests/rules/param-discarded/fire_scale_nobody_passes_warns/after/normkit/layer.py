import torch


def rms_norm(x, weight, eps=1e-6, out_scale=None, use_fast=False):  # expect: param-discarded
    var = x.pow(2).mean(-1, keepdim=True)
    return x * torch.rsqrt(var + eps) * weight


class NormConfig:
    def __init__(self, hidden):
        self.hidden = hidden
