import torch
from torch import nn


class ScaledNorm(nn.Module):
    def __init__(self, width, eps=1e-6):
        super().__init__()
        self.gain_weight = nn.Parameter(torch.zeros(width))
        self.eps = eps
        self.mix_weight = nn.Parameter(torch.empty(width, width))

    def kernel_mix(self):
        if getattr(self, "_mix_t", None) is None:
            self._mix_t = self.mix_weight.data.t().contiguous()  # expect: weight-variant-kept
        return self._mix_t


class Holder:
    def __init__(self, weight):
        self.weight = weight
