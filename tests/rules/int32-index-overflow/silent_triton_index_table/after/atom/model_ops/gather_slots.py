import triton
import triton.language as tl


@triton.jit
def gather_slots_kernel(req_ids_ptr, req_to_token_ptr, stride_req, cache_ptr, out_ptr, stride_slot, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    req = tl.load(req_ids_ptr + pid)
    # Walks the small request-to-token table: its value is itself an address below.
    slot = tl.load(req_to_token_ptr + req * stride_req + offs)
    vals = tl.load(cache_ptr + slot.to(tl.int64) * stride_slot)
    tl.store(out_ptr + pid * BLOCK + offs, vals)
