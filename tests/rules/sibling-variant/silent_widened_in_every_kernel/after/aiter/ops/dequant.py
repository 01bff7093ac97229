import triton
import triton.language as tl


@triton.jit
def _dequant_rows(x_ptr, s_ptr, y_ptr, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row.to(tl.int64) * row_stride + offs)
    tl.store(y_ptr + row.to(tl.int64) * row_stride + offs, x * tl.load(s_ptr + row))


@triton.jit
def _dequant_rows_transposed(x_ptr, s_ptr, y_ptr, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row.to(tl.int64) * row_stride + offs)
    tl.store(y_ptr + offs * BLOCK + row, x * tl.load(s_ptr + row))
