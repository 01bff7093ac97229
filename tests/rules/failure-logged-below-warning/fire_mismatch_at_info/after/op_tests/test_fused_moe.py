import torch
from aiter import logger


def test_moe():
    out = torch.ones(4)
    ref = torch.ones(4)
    bad = (out - ref).abs() > 1e-2
    if bad.any():
        logger.info("moe output mismatch at %s rows", bad.sum())  # expect: failure-logged-below-warning
    if torch.isnan(out).any():
        logger.debug("NaN in moe output")  # same cause as the finding above: folded into it
    assert torch.allclose(out, ref)
