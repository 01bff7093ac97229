import torch
from torch import nn

from atom.model_ops.ring_state_backend import ring_write


class WrenBlock(nn.Module):
    def forward(self, h: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
        if idx.numel() and bool(idx.min().cpu() < 0):
            idx = idx.clamp(min=0)
        ring_write(self.state, idx, h)
        torch.cuda.synchronize()
        return self.mix(h)
