import triton
import triton.language as tl


@triton.jit
def inplace_scale_kernel(h_ptr, stride_h, n_cols, scale, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    # Read in 64 bits: the author sized h past 2^31 elements ...
    h = tl.load(h_ptr + row.to(tl.int64) * stride_h + cols, mask=mask)
    # ... and writes the very same rows back in 32 bits.
    tl.store(h_ptr + row * stride_h + cols, h * scale, mask=mask)  # expect[warn]: int32-index-overflow
