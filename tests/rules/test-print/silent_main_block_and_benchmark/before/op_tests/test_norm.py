import torch


def test_norm():
    assert torch.ones(3).norm() > 0
