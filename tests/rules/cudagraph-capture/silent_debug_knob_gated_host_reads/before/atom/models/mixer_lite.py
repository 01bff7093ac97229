import os

import torch
from torch import nn


class MixerLiteBlock(nn.Module):
    def __init__(self, width: int):
        super().__init__()
        self.width = width

    def forward(self, positions: torch.Tensor, hidden: torch.Tensor) -> torch.Tensor:
        mixed = self.mix(hidden)
        return self.out_proj(mixed)
