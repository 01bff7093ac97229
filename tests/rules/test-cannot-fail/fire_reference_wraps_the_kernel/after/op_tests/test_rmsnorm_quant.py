import torch

from aiter.ops.triton.rmsnorm import rmsnorm_fp8_quant


def reference_rmsnorm_quant(x, w, eps):
    y = x.contiguous()
    return rmsnorm_fp8_quant(y, w, eps)


def test_rmsnorm_quant():
    x = torch.randn(256, 4096, device="cuda", dtype=torch.bfloat16)
    w = torch.ones(4096, device="cuda", dtype=torch.bfloat16)
    expected = reference_rmsnorm_quant(x, w, 1e-6)
    actual = rmsnorm_fp8_quant(x, w, 1e-6)
    torch.testing.assert_close(actual, expected)  # expect: test-cannot-fail
