import torch

from aiter.mla import mla_decode_fwd
from aiter.ops.triton.mla_decode import mla_decode_triton
from aiter.test_common import checkAllclose


def test_mla_decode(q, kv, indptr):
    ref = mla_decode_triton(q, kv, indptr)
    out = mla_decode_fwd(q, kv, indptr)
    checkAllclose(ref, out, atol=2e-2, rtol=2e-2)
