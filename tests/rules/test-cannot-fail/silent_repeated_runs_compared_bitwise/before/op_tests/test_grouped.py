import torch

from kernels.grouped import grouped_fwd


def test_shapes():
    a = torch.randn(64, 128)
    assert grouped_fwd(a).shape == (64, 128)
