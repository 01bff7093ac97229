import torch
from torch import nn

from atom.utils.forward_context import get_forward_context


class MlaLiteAttention(nn.Module):
    def forward(self, positions: torch.Tensor, hidden_states: torch.Tensor) -> torch.Tensor:
        attn_metadata = get_forward_context().attn_metadata
        q = self.q_proj(hidden_states)
        with self.profiler.region("mla_decode"):
            if attn_metadata.max_seqlen_k > 8192:
                out = self.split_kv_decode(q, attn_metadata, num_splits=8)
            else:
                out = self.decode(q, attn_metadata)
        return self.o_proj(out)
