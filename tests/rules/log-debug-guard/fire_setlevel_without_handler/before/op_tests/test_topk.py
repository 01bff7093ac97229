import logging

import torch

logger = logging.getLogger("aiter")


def test_topk():
    x = torch.randn(4, 16)
    assert x.topk(2).values.shape == (4, 2)
