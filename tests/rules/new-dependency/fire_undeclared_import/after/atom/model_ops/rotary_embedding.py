import torch
from einops import rearrange  # expect: new-dependency


def apply_rope(x, cos, sin):
    x = rearrange(x, "b s (h d) -> b s h d", d=cos.shape[-1])
    return x * cos + torch.roll(x, 1, -1) * sin


def apply_rope_kda(q, k):
    from fla.ops.kda import chunk_kda  # expect: new-dependency

    return chunk_kda(q, k)
