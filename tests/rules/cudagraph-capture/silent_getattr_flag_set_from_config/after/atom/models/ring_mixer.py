import torch
from torch import nn

from atom.utils.forward_context import get_forward_context


class RingMixer(nn.Module):
    def forward(self, positions: torch.Tensor, hidden_states: torch.Tensor) -> torch.Tensor:
        ring_metadata = get_forward_context().attn_metadata
        h = self.up(hidden_states)
        # Builders older than the replay mode never set the field: read it with a default.
        replay = getattr(ring_metadata, "ring_replay", False)
        if replay:
            h = self.ring_step_replayed(h, ring_metadata)
        else:
            h = self.ring_step(h, ring_metadata)
        # The same flag on the metadata the hybrid layers carry inside the attention metadata.
        fwd_ctx = get_forward_context()
        tail_md = getattr(fwd_ctx.attn_metadata, "ring_metadata", None)
        if getattr(tail_md, "ring_replay", False):
            h = self.tail_replayed(h, tail_md)
        return self.down(h)
