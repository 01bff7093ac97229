import torch
from torch import nn

from atom.utils.forward_context import get_forward_context


class LlamaLiteAttention(nn.Module):
    def __init__(self, hidden_size: int, num_heads: int):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = hidden_size // num_heads

    def forward(self, positions: torch.Tensor, hidden_states: torch.Tensor) -> torch.Tensor:
        qkv = self.qkv_proj(hidden_states)
        q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        max_pos = positions.max().item()  # expect[red]: cudagraph-capture
        self.rotary_emb.ensure_cache(max_pos + 1)
        out = self.attn(q, k, v, positions)
        return self.o_proj(out)
