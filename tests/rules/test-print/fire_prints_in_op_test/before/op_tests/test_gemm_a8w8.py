import torch


def test_gemm():
    a = torch.randn(16, 32)
    b = torch.randn(32, 8)
    assert (a @ b).shape == (16, 8)
