import triton
import triton.language as tl


@triton.jit
def _reduce_kernel(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(x_ptr + offs, mask=offs < N, other=-float("inf"))
    b = tl.load(x_ptr + offs, mask=offs < N)
    b = tl.where(offs < N, b, -float("inf"))
    c = tl.load(x_ptr + offs, mask=offs < N)
    d = tl.load(x_ptr + offs, mask=offs < N)
    tl.store(out_ptr, tl.max(a, axis=0) + tl.max(b, axis=0) + tl.sum(c, axis=0))
    tl.store(out_ptr + 1, tl.max(tl.where(offs < N, d, -float("inf")), axis=0))
