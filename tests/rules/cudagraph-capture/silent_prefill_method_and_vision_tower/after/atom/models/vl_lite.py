import torch
from torch import nn


class VlLiteVisionBlock(nn.Module):
    def forward(self, pixels: torch.Tensor, grid_thw: torch.Tensor) -> torch.Tensor:
        lengths = grid_thw.prod(-1).tolist()
        if max(lengths) > 4096:
            pixels = self.downsample(pixels)
        return self.blocks(pixels)


class VlLiteAttention(nn.Module):
    def forward_prefill(self, q: torch.Tensor, seq_lens: torch.Tensor) -> torch.Tensor:
        max_len = seq_lens.max().item()
        buf = torch.zeros(max_len, q.shape[-1], device=q.device)
        return self.prefill_kernel(q, buf)
