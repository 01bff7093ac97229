import torch


def test_gemm():
    out = gemm(a, b)
    ref = a @ b
    torch.testing.assert_close(out, ref, atol=1e-3, rtol=1e-3)
