import triton
import triton.language as tl


@triton.jit
def _gather_kernel(x_ptr, idx_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, EVEN_N: tl.constexpr):
    pid = tl.program_id(0)
    seq_len = tl.load(idx_ptr + pid)
    offs_m = (pid * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_n = tl.arange(0, BLOCK_N)
    rows = tl.load(x_ptr + offs_m * N)
    if EVEN_N:
        vals = tl.load(x_ptr + offs_n)
    else:
        vals = tl.load(x_ptr + offs_n, mask=offs_n < N, other=0.0)
    tl.store(out_ptr + offs_n, vals + seq_len, mask=offs_n < N)
    tl.store(out_ptr + offs_m, rows)
