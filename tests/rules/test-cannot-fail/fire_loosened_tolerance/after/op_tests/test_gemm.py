import torch


def test_gemm():
    out = gemm(a, b)
    ref = a @ b
    torch.testing.assert_close(out, ref, atol=1e-1, rtol=1e-3)  # expect: test-cannot-fail
