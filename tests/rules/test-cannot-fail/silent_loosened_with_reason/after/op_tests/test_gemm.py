import torch


def test_gemm():
    out = gemm(a, b)
    ref = a @ b
    # bf16 has 8 mantissa bits: K=4096 accumulates ~1e-2 relative error
    torch.testing.assert_close(out, ref, atol=2e-2, rtol=1e-3)
