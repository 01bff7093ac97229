from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def kv_dot_kernel(pool_ptr, slots_ptr, q_ptr, out_ptr, stride_slot, n_slots, D: gl.constexpr,
                  PAIRED: gl.constexpr):
    pid = gl.program_id(0)
    layout: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])
    lanes = gl.arange(0, D, layout=layout)
    q = gl.load(q_ptr + lanes)
    slot = gl.load(slots_ptr + pid)
    if PAIRED:
        # The old load, only re-indented: listed with the new site below, not reported alone.
        k = gl.amd.cdna3.buffer_load(ptr=pool_ptr, offsets=slot * stride_slot + lanes)
        partner = gl.load(slots_ptr + n_slots + pid)
        k2 = gl.amd.cdna3.buffer_load(ptr=pool_ptr, offsets=partner * stride_slot + lanes)  # expect[note]: int32-index-overflow
        gl.store(out_ptr + pid, gl.sum(q * (k + k2), axis=0))
    else:
        k = gl.load(pool_ptr + slot.to(gl.int64) * stride_slot + lanes)
        gl.store(out_ptr + pid, gl.sum(q * k, axis=0))
