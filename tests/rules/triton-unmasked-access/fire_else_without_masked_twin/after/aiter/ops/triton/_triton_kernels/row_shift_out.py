import triton
import triton.language as tl


@triton.jit
def _row_shift_kernel(x_ptr, y_ptr, n_rows, shift, ROWS: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * ROWS + tl.arange(0, ROWS)
    x = tl.load(x_ptr + rows, mask=rows < n_rows, other=0.0)
    if shift > 0:
        x = x + shift
    else:
        tl.store(y_ptr + rows, x)  # expect[red]: triton-unmasked-access
    tl.store(y_ptr + rows, x, mask=rows < n_rows)
