import torch
from aiter import logger


def test_rmsnorm(use_bias):
    x = torch.randn(8, 128)
    logger.info("input %d", x.shape)  # expect: log-format-specifier
    bias_width = None
    if use_bias:
        bias_width = 128
    logger.info("bias width %d" % bias_width)  # same cause as the finding above: folded into it
    dims = (8, 128)
    logger.info("dims %d", dims)  # same cause as the finding above: folded into it
    assert x.norm() > 0
