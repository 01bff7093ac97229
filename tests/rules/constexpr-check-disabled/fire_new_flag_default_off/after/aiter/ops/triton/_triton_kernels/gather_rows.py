import triton
import triton.language as tl


@triton.jit
def _gather_rows_kernel(
    src_ptr,
    idx_ptr,
    out_ptr,
    n_rows,
    BLOCK: tl.constexpr,
    CHECK_BOUNDS: tl.constexpr = False,  # expect: constexpr-check-disabled
):
    pid = tl.program_id(0)
    row = tl.load(idx_ptr + pid)
    if CHECK_BOUNDS:
        row = tl.where(row < n_rows, row, 0)
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + pid * BLOCK + offs, tl.load(src_ptr + row * BLOCK + offs))
