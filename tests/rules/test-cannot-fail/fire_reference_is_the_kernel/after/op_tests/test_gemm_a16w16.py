import torch

import aiter
from aiter.test_common import checkAllclose, run_perftest


def test_gemm(m, n, k):
    x = torch.randn(m, k, dtype=torch.bfloat16, device="cuda")
    w = torch.randn(n, k, dtype=torch.bfloat16, device="cuda")
    ref, _ = run_perftest(aiter.gemm_a16w16, x, w)
    out, us = run_perftest(aiter.gemm_a16w16, x, w)
    checkAllclose(ref, out, msg=f"gemm {m}x{n}x{k}: {us:.1f} us")  # expect: test-cannot-fail
