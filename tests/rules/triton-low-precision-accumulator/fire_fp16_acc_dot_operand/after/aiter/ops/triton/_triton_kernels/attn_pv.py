import triton
import triton.language as tl


@triton.jit
def _pv_kernel(p_ptr, v_ptr, o_ptr, N_CTX, BLOCK_M: tl.constexpr, BLOCK_D: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, BLOCK_D)
    offs_n = tl.arange(0, BLOCK_N)
    o = tl.full((BLOCK_M, BLOCK_D), 0.0, dtype=tl.float16)  # expect[red]: triton-low-precision-accumulator
    start = 0
    while start < N_CTX:
        p = tl.load(p_ptr + offs_m[:, None] * N_CTX + (start + offs_n)[None, :])
        v = tl.load(v_ptr + (start + offs_n)[:, None] * BLOCK_D + offs_d[None, :])
        o = tl.dot(p, v, o)
        start += BLOCK_N
    tl.store(o_ptr + offs_m[:, None] * BLOCK_D + offs_d[None, :], o)
