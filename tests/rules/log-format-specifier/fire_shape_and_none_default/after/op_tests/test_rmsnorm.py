import torch
from aiter import logger


def test_rmsnorm(use_bias):
    x = torch.randn(8, 128)
    logger.info("input %d", x.shape)  # expect: log-format-specifier
    bias_width = None
    if use_bias:
        bias_width = 128
    logger.info("bias width %d" % bias_width)  # expect: log-format-specifier
    dims = (8, 128)
    logger.info("dims %d", dims)  # expect: log-format-specifier
    assert x.norm() > 0
