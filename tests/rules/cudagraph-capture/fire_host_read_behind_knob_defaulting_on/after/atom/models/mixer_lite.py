import os

import torch
from torch import nn


class MixerLiteBlock(nn.Module):
    def __init__(self, width: int):
        super().__init__()
        self.width = width

    def forward(self, positions: torch.Tensor, hidden: torch.Tensor) -> torch.Tensor:
        clamp = os.environ.get("ATOM_MIX_CLAMP", "1")
        mixed = self.mix(hidden)
        if clamp:
            limit = mixed.abs().max().item()  # expect[red]: cudagraph-capture
            mixed = mixed.clamp(-limit, limit)
        return self.out_proj(mixed)
