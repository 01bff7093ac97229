import torch
from aiter import logger


def test_rmsnorm():
    x = torch.randn(8, 128)
    assert x.norm() > 0
