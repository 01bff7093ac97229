import torch
from torch import nn


class KestrelDecoderLayer(nn.Module):
    def forward(self, hidden: torch.Tensor, kv_lens: torch.Tensor) -> torch.Tensor:
        h = self.attn(hidden, kv_lens)
        return self.mlp(h)
