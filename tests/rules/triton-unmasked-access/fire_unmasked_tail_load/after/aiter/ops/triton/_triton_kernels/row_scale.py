import triton
import triton.language as tl


@triton.jit
def _row_scale_kernel(x_ptr, s_ptr, out_ptr, N, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    offs_n = tl.arange(0, BLOCK_N)
    scale = tl.load(s_ptr + row)
    x = tl.load(x_ptr + row * N + offs_n, mask=offs_n < N, other=0.0)
    bias = tl.load(x_ptr + row * N + offs_n + N)  # expect[red]: triton-unmasked-access
    tl.store(out_ptr + row * N + offs_n, x * scale + bias, mask=offs_n < N)
