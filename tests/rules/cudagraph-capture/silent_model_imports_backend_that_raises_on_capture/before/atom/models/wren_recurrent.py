import torch
from torch import nn

from atom.model_ops.ring_state_backend import ring_write


class WrenBlock(nn.Module):
    def forward(self, h: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
        ring_write(self.state, idx, h)
        return self.mix(h)
