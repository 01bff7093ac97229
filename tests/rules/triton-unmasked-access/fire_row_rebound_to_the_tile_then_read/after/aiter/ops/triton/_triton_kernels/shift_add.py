import triton
import triton.language as tl


@triton.jit
def _shift_add_kernel(x_ptr, out_ptr, N, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    offs_n = tl.arange(0, BLOCK_N)
    col = row * N
    lead = tl.load(x_ptr + col)
    col = row * N + offs_n
    x = tl.load(x_ptr + col, mask=offs_n < N, other=0.0)
    nxt = tl.load(x_ptr + col + 1)  # expect[red]: triton-unmasked-access
    tl.store(out_ptr + col, x + nxt + lead, mask=offs_n < N)
