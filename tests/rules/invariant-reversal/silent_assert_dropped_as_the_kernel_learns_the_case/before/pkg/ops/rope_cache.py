import torch

from pkg.kernels.rope_cache_kernel import rope_cache_kernel


def rope_and_cache(x: torch.Tensor, cache: torch.Tensor, out: torch.Tensor):
    assert out.shape == x.shape, "out shape mismatch"
    # The kernel stores `out` straight from the staging buffer it loaded `x`
    # into, so it requires out to have the same dtype as x.
    assert out.dtype == x.dtype, f"out dtype {out.dtype} must match x dtype {x.dtype}"
    rope_cache_kernel[(x.shape[0],)](x, cache, out, x.shape[1])
    return out
