import torch
import aiter


def ref_rmsnorm(x, w, eps):
    x = x.float()  # expect: test-reference-upcast
    var = x.pow(2).mean(-1, keepdim=True)
    return x * torch.rsqrt(var + eps) * (1.0 + w.float())


def test_rmsnorm():
    x = torch.randn(16, 128, dtype=torch.bfloat16, device="cuda")
    w = torch.randn(128, dtype=torch.bfloat16, device="cuda")
    torch.testing.assert_close(aiter.rms_norm(x, w, 1e-6), ref_rmsnorm(x, w, 1e-6), atol=2e-2, rtol=2e-2)
