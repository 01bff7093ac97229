import torch

from aiter import logger


def check_scan(out, ref, label):
    rel = ((out - ref).abs().max() / ref.abs().max()).item()
    logger.info("%s relative error %.4g", label, rel)
    assert rel < 2e-2, f"{label}: relative error {rel:.4g} over 2e-2"
