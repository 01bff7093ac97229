import logging

import torch

logger = logging.getLogger("aiter")


def test_sort():
    x = torch.randn(64)
    out = torch.sort(x).values
    err = (out - torch.sort(x).values).abs().max().item()
    if err < 1e-6:  # expect: test-verdict-logged
        logger.info("sort check passed")
    else:
        logger.warning("sort check FAILED, err=%s", err)
