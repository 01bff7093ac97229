import torch
from aiter import logger


def test_gemm():
    out = torch.zeros(4)
    ref = torch.zeros(4)
    err = (out - ref).abs().max().item()
    logger.info("max error = %s, us = %s", err, 12.5)
    if err > 1e-2:
        logger.warning("gemm mismatch: %s", err)
    logger.info("failover path not taken")
    torch.testing.assert_close(out, ref)
