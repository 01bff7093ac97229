import os

import torch

_TWO_PASS = os.getenv("AITER_NORM_TWO_PASS", "0") == "1"


def fused_norm(x, w, eps: float = 1e-6):
    """Row norm over the last dimension."""
    rows = int(os.getenv("AITER_NORM_SPLIT_ROWS", "0"))  # expect[note]: undocumented-env-var
    return torch.ops.aiter.fused_norm(x, w, eps, rows, _TWO_PASS)
