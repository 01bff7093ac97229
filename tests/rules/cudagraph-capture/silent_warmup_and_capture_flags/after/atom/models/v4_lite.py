import torch
from torch import nn

from atom.utils.forward_context import get_forward_context


class V4LiteAttention(nn.Module):
    def forward(self, x: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        fc = get_forward_context()
        if fc.context.is_dummy_run:
            return torch.zeros_like(x)
        use_async_compress = self._use_async_compress and fc.in_hipgraph
        if use_async_compress:
            self.compressor.launch_async(x)
        attn_md = fc.attn_metadata
        if attn_md.is_pure_decode and self.use_fused_rope_write:
            x = self.fused_rope_write(x, positions)
        return self.core(x, positions)
