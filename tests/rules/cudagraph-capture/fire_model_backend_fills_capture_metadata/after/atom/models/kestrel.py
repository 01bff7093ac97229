import torch
from torch import nn


class KestrelDecoderLayer(nn.Module):
    def forward(self, hidden: torch.Tensor, kv_lens: torch.Tensor) -> torch.Tensor:
        longest = int(kv_lens.max().item())  # expect[red]: cudagraph-capture
        h = self.attn(hidden, kv_lens, longest)
        return self.mlp(h)
