import torch
import torch.nn.functional as F

import aiter
from aiter.test_common import checkAllclose, run_perftest


def torch_silu_mul(x):
    d = x.shape[-1] // 2
    return F.silu(x[..., :d].float()) * x[..., d:].float()


def test_silu_mul(m, n):
    x = torch.randn(m, 2 * n, dtype=torch.bfloat16, device="cuda")
    ref = torch_silu_mul(x)
    out, us = run_perftest(aiter.silu_and_mul, x)
    checkAllclose(ref, out.float(), atol=1e-2, rtol=1e-2)
