import torch


def test_pad():
    # the pad must read back as zero
    buf = torch.zeros(4, 64, dtype=torch.uint8)
    assert buf.sum() == 0
