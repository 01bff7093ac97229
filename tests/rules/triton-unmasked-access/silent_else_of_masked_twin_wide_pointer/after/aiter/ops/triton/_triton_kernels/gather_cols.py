import triton
import triton.language as tl


@triton.jit
def _gather_cols_kernel(src_ptr, idx_ptr, out_ptr, n_cols, COLS: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * COLS + tl.arange(0, COLS)
    idx = tl.load(idx_ptr + cols, mask=cols < n_cols, other=0)
    vals = tl.load(src_ptr + idx.to(tl.int64), mask=cols < n_cols, other=0.0)
    leftover = n_cols - pid * COLS
    if leftover < COLS:
        # The twin's pointer holds a call and is wrapped; its mask is positional.
        tl.store(out_ptr + (cols.to(tl.int64)),
                 vals,
                 cols < n_cols)
    else:
        tl.store(out_ptr + (cols.to(tl.int64)), vals)
