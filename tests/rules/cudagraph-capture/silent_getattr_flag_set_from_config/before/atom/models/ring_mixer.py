import torch
from torch import nn

from atom.utils.forward_context import get_forward_context


class RingMixer(nn.Module):
    def forward(self, positions: torch.Tensor, hidden_states: torch.Tensor) -> torch.Tensor:
        ring_metadata = get_forward_context().attn_metadata
        h = self.up(hidden_states)
        h = self.ring_step(h, ring_metadata)
        return self.down(h)
