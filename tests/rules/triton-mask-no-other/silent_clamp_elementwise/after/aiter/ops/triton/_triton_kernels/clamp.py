import triton
import triton.language as tl


@triton.jit
def _clamp_kernel(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < N)
    y = tl.maximum(x, 0.0)
    tl.store(out_ptr + offs, y, mask=offs < N)
