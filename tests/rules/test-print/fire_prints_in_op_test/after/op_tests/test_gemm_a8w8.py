import torch


def test_gemm():
    a = torch.randn(16, 32)
    b = torch.randn(32, 8)
    out = a @ b
    print("out", out.shape)  # expect: test-print
    print(out.abs().max())
    assert out.shape == (16, 8)
