import torch

from aiter.ops.triton._gluon_kernels.fused_rope_cache import _rope_cache_kernel


def fused_rope_cache(q_nope, q_pe, q_out):
    # The gluon kernel stages q_out through qn_stage_smem (allocated in q_nope dtype),
    # which requires q_out to have the q_nope dtype.
    assert q_out.dtype == q_nope.dtype, "q_out dtype must match q_nope"
    _rope_cache_kernel[(q_nope.shape[0],)](q_nope, q_pe, q_out)
    return q_out
