import triton
import triton.language as tl


@triton.jit
def expert_rows_kernel(w_ptr, out_ptr, expert_ids_ptr, stride_expert, stride_row: tl.int32, n_cols,
                       BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    expert = tl.load(expert_ids_ptr + pid)
    # Both strides are 32-bit runtime arguments and nothing in the sum is widened.
    row_base = expert * stride_expert + pid * stride_row  # expect[note]: int32-index-overflow
    w = tl.load(w_ptr + row_base + cols, mask=cols < n_cols)
    tl.store(out_ptr + pid * n_cols + cols, w, mask=cols < n_cols)
