import torch
from torch import nn

from atom.utils.forward_context import get_forward_context


class RingMixer(nn.Module):
    def forward(self, positions: torch.Tensor, hidden_states: torch.Tensor) -> torch.Tensor:
        ring_metadata = get_forward_context().attn_metadata
        h = self.up(hidden_states)
        if getattr(ring_metadata, "ring_wrapped", False):  # expect[warn]: cudagraph-capture
            h = self.ring_step_wrapped(h, ring_metadata)
        else:
            h = self.ring_step(h, ring_metadata)
        return self.down(h)
