import triton
import triton.language as tl


@triton.jit
def row_scale_wide_kernel(x_ptr, y_ptr, stride_x, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + row.to(tl.int64) * stride_x + cols, mask=cols < n_cols)
    tl.store(y_ptr + row.to(tl.int64) * stride_x + cols, v * 2.0, mask=cols < n_cols)


@triton.jit
def row_scale_kernel(x_ptr, y_ptr, stride_x, n_cols, BLOCK: tl.constexpr):
    # A program id times one stride, and no widening in this kernel: a row of one tensor.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + row * stride_x + cols, mask=cols < n_cols)
    tl.store(y_ptr + row * stride_x + cols, v * 2.0, mask=cols < n_cols)
