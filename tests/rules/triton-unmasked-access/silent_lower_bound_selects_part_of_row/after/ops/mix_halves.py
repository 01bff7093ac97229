import triton
import triton.language as tl


@triton.jit
def _mix_halves(src_ptr, dst_ptr, rows, row_stride, BLOCK_ROWS: tl.constexpr, WIDTH: tl.constexpr):
    pid = tl.program_id(0)
    row = pid * BLOCK_ROWS + tl.arange(0, BLOCK_ROWS)
    tl.store(dst_ptr + row, tl.zeros((BLOCK_ROWS,), dtype=tl.float32), mask=row < rows)


@triton.jit
def _swap_tail(src_ptr, dst_ptr, row_stride, WIDTH: tl.constexpr, KEEP: tl.constexpr):
    pid = tl.program_id(0).to(tl.int64)
    base = src_ptr + pid * row_stride
    cols = tl.arange(0, WIDTH)
    TAIL_FROM: tl.constexpr = WIDTH - KEEP
    vals = tl.load(base + cols).to(tl.float32)
    in_tail = cols >= TAIL_FROM
    twin = tl.load(base + (cols ^ 1), mask=in_tail, other=0.0).to(tl.float32)
    out = tl.where(in_tail, vals - twin, vals)
    tl.store(dst_ptr + pid * row_stride + cols, out)
