from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def _rope_cache_kernel(q_nope_ptr, q_pe_ptr, q_out_ptr):
    qn_stage_smem = gl.allocate_shared_memory(q_nope_ptr.dtype.element_ty, [128], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    gl.amd.async_store(q_out_ptr, qn_stage_smem)
