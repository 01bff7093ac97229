import triton
import triton.language as tl


@triton.jit
def scatter_rows_kernel(src_ptr, dst_ptr, dest_ptr, stride_src: tl.int64, stride_dst, stride_col,
                        n_cols, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    dest = tl.load(dest_ptr + pid)
    # The stride is declared 64-bit in the signature: the product is 64-bit.
    vals = tl.load(src_ptr + dest * stride_src + cols, mask=cols < n_cols)
    # The row term is widened; the column term of the same sum is an offset inside a row.
    col = tl.load(dest_ptr + pid + 1)
    tl.store(dst_ptr + dest.to(tl.int64) * stride_dst + col * stride_col + cols, vals, mask=cols < n_cols)
