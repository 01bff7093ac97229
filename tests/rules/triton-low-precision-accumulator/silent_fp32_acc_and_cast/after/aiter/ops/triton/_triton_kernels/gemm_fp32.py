import triton
import triton.language as tl


@triton.jit
def _gemm_kernel(a_ptr, b_ptr, c_ptr, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + offs_m[:, None] + k)
        b = tl.load(b_ptr + offs_n[None, :] + k)
        acc += tl.dot(a, b)
    out = acc.to(tl.bfloat16)
    tl.store(c_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :], out)
