import torch


def test_quant():
    x = torch.randn(8)
    print("x", x.max())
    assert x.numel() == 8
    assert x.dtype == torch.float32
