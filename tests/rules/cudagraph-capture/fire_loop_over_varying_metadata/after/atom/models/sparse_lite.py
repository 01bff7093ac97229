import torch
from torch import nn

from atom.utils.forward_context import get_forward_context


class SparseLiteAttention(nn.Module):
    def forward(self, q: torch.Tensor) -> torch.Tensor:
        attn_metadata = get_forward_context().attn_metadata
        n_blocks = attn_metadata.max_context_len // self.block_size
        out = torch.zeros_like(q)
        for blk in range(n_blocks):  # expect[red]: cudagraph-capture
            out += self.block_attn(q, blk)
        return out
