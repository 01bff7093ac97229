import triton

from aiter.ops.triton._triton_kernels.attention.decode import _decode_kernel
from aiter.ops.triton.utils.tuning import get_decode_config


def decode(q, k_cache, out):
    config = get_decode_config(q.shape[0])
    grid = (q.shape[0],)
    # two waves per EU keep the LDS-heavy variant resident
    _decode_kernel[grid](
        q,
        k_cache,
        out,
        num_warps=config["num_warps"],
        waves_per_eu=2,  # expect: triton-launch-knob
    )
    return out
