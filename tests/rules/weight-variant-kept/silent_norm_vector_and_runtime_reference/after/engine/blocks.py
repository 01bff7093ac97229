import torch
from torch import nn

from engine.runtime import DecoderRuntime


class ScaledNorm(nn.Module):
    def __init__(self, width, eps=1e-6):
        super().__init__()
        self.gain_weight = nn.Parameter(torch.zeros(width))
        self.eps = eps

    def kernel_gain(self):
        if getattr(self, "_shifted_gain", None) is None:
            self._shifted_gain = self.gain_weight.data + 1.0
        return self._shifted_gain


class Holder:
    def __init__(self, weight):
        self.weight = weight

    def start(self, batch):
        self.runner = DecoderRuntime(batch=batch, weight=self.weight, eager=False)
        return self.runner
