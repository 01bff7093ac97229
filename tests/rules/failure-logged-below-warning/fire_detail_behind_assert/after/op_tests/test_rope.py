import torch
from aiter import logger


def test_rope():
    out = torch.zeros(4)
    ref = torch.zeros(4)
    max_diff = (out - ref).abs().max().item()
    logger.info("rope max diff %s", max_diff)  # expect: failure-logged-below-warning
    assert max_diff < 1e-3
