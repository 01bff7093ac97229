import torch
from torch import nn

from atom.utils.forward_context import get_forward_context


class ChunkStateMixer(nn.Module):
    def forward(self, positions: torch.Tensor, hidden_states: torch.Tensor) -> torch.Tensor:
        state_metadata = get_forward_context().attn_metadata
        x = self.in_proj(hidden_states)
        if state_metadata.rebuild_state:  # expect[warn]: cudagraph-capture
            out = self.mix_rebuilt(x, state_metadata)
        else:
            out = self.mix(x, state_metadata)
        return self.out_proj(out)
