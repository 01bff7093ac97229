import torch

from aiter.ops.triton._gluon_kernels.fused_rope_cache import _rope_cache_kernel


def fused_rope_cache(q_nope, q_pe, q_out):
    _rope_cache_kernel[(q_nope.shape[0],)](q_nope, q_pe, q_out)  # expect[warn]: invariant-reversal
    return q_out
