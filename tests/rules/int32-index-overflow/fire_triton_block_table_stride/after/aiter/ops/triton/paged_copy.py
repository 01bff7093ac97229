import triton
import triton.language as tl


@triton.jit
def paged_copy_kernel(cache_ptr, out_ptr, block_table_ptr, stride_block, stride_out, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    phys = tl.load(block_table_ptr + pid)
    vals = tl.load(cache_ptr + phys * stride_block + offs)  # expect[note]: int32-index-overflow
    tl.store(out_ptr + pid * stride_out + offs, vals)
