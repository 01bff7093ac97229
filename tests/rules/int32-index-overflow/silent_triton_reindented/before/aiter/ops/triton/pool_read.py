import triton
import triton.language as tl


@triton.jit
def pool_read_kernel(pool_ptr, out_ptr, slot_ptr, stride_slot, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    slot = tl.load(slot_ptr + pid)
    vals = tl.load(pool_ptr + slot * stride_slot + offs)
    tl.store(out_ptr + pid * BLOCK + offs, vals)
