import torch


def test_sum():
    assert torch.ones(4).sum().item() == 4
