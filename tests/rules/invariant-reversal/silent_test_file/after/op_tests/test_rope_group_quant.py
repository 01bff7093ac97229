import torch


def test_pad():
    buf = torch.empty(4, 64, dtype=torch.uint8)
    assert buf.numel() == 256
