import logging

import torch

logger = logging.getLogger("aiter")
logger.setLevel(logging.DEBUG)  # expect: log-debug-guard


def test_topk():
    x = torch.randn(4, 16)
    logger.debug("x %s", x.shape)
    assert x.topk(2).values.shape == (4, 2)
