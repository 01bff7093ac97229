import triton
import triton.language as tl


@triton.jit
def _rmsnorm_kernel(x_ptr, w_ptr, out_ptr, n_cols, BLOCK: tl.constexpr, HAS_WEIGHT: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n_cols + offs, mask=offs < n_cols)
    if HAS_WEIGHT:
        w = tl.load(w_ptr + offs, mask=offs < n_cols)
    y = x * tl.rsqrt(tl.sum(x * x) / n_cols) * w
    tl.store(out_ptr + row * n_cols + offs, y, mask=offs < n_cols)
