import torch

from aiter import logger


def check_scan(out, ref, label):
    rel = ((out - ref).abs().max() / ref.abs().max()).item()
    logger.info("%s relative error %.4g", label, rel)  # expect: failure-logged-below-warning
    assert rel < 2e-2, "scan output is off"
