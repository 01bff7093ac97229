import torch

from aiter import rope_cached_inplace


class RotaryEmbedding(torch.nn.Module):
    def __init__(self, cos_sin_cache: torch.Tensor):
        super().__init__()
        self.cache = cos_sin_cache

    def forward(self, positions: torch.Tensor, qk: torch.Tensor, head_dim: int):
        q = qk[..., :head_dim]
        # Padding heads is not supported by the cached path.
        assert q.shape[-1] == self.cache.shape[-1], "head padding"
        positions = positions.flatten()
        rope_cached_inplace(q, positions, self.cache)
        return q
