import torch

from .kernels.decode_v2 import paged_decode_kernel
from ..jit.core import compile_ops


@compile_ops("module_paged_decode")
def paged_decode_raw(q, k_cache, v_cache, out):
    ...


def paged_decode(q, k_cache, v_cache, block_tables, scale=None):
    out = torch.empty_like(q)
    paged_decode_kernel(q, k_cache, v_cache, block_tables, out, scale)
    return out
