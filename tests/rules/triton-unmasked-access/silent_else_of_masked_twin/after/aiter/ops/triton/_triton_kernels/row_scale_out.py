import triton
import triton.language as tl


@triton.jit
def _row_scale_kernel(x_ptr, s_ptr, y_ptr, n_rows, ROWS: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * ROWS + tl.arange(0, ROWS)
    x = tl.load(x_ptr + rows, mask=rows < n_rows, other=0.0)
    s = tl.load(s_ptr + pid)
    y_ptrs = y_ptr + rows
    spill = (pid + 1) * ROWS - n_rows
    if spill > 0:
        tl.store(y_ptrs, x * s, mask=rows < n_rows)
    else:
        tl.store(y_ptrs, x * s)
