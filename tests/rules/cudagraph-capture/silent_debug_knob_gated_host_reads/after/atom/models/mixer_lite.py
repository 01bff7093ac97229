import os

import torch
from torch import nn

_TRACE_MIX = int(os.getenv("ATOM_TRACE_MIX", "0"))


class MixerLiteBlock(nn.Module):
    def __init__(self, width: int):
        super().__init__()
        self.width = width

    def forward(self, positions: torch.Tensor, hidden: torch.Tensor) -> torch.Tensor:
        probe = os.environ.get("ATOM_MIX_PROBE")
        mixed = self.mix(hidden)
        if probe and torch.isinf(mixed).any():
            print("inf after mix at", positions[0].item())
        if _TRACE_MIX:
            peak = mixed.abs().max().item()
            print(f"mix peak {peak}")
        if os.environ.get("ATOM_MIX_CHECK", "0") == "1":
            assert not torch.isnan(mixed).any().item()
        return self.out_proj(mixed)
