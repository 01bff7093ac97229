import torch

import aiter


def golden_softcap_grad(x, cap):
    """Evaluated in float64 so the oracle itself carries no rounding; the kernel emits bf16."""
    x64 = x.double()
    t = torch.tanh(x64 / cap)
    return 1.0 - t * t


def test_softcap_grad():
    x = torch.randn(64, 128, dtype=torch.bfloat16, device="cuda") * 30
    got = aiter.softcap_grad(x, 30.0)
    torch.testing.assert_close(got.double(), golden_softcap_grad(x, 30.0), atol=3e-2, rtol=3e-2)
