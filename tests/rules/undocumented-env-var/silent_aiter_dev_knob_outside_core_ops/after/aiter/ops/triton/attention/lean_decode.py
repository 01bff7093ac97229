import os

import triton


def lean_decode(q, k, v, out, block_n: int = 64):
    waves = int(os.getenv("AITER_LEAN_DECODE_WAVES", "4"))
    grid = (q.shape[0], triton.cdiv(k.shape[1], block_n))
    _lean_kernel[grid](q, k, v, out, BLOCK_N=block_n, num_warps=waves)
    return out
