import torch

from pkg.kernels.rope_cache_kernel import rope_cache_kernel


def rope_and_cache(x: torch.Tensor, cache: torch.Tensor, out: torch.Tensor):
    assert out.shape == x.shape, "out shape mismatch"
    rope_cache_kernel[(x.shape[0],)](x, cache, out, x.shape[1])  # expect[red]: invariant-reversal
    return out
