import os

import torch

# Falls back to the two-pass reduction when set: the single-pass kernel reads the
# row twice on rows longer than 8k and loses to it there.
_TWO_PASS = os.getenv("AITER_NORM_TWO_PASS", "0") == "1"


def fused_norm(x, w, eps: float = 1e-6):
    """Row norm. AITER_NORM_SPLIT_ROWS caps rows per block (0 = the tuned value)."""
    rows = int(os.getenv("AITER_NORM_SPLIT_ROWS", "0"))
    return torch.ops.aiter.fused_norm(x, w, eps, rows, _TWO_PASS)


def scale_dtype(x, group: int):
    # Per-group scales are fp32 by default; AITER_QUANT_E8M0_SCALES swaps in e8m0
    # scales for the mxfp paths, AITER_QUANT_BF16_SCALES keeps bf16 ones.
    if group != 32:
        return torch.float32
    elif os.getenv("AITER_QUANT_E8M0_SCALES", "0") == "1":
        return torch.float8_e8m0fnu
    elif os.getenv("AITER_QUANT_BF16_SCALES", "0") == "1":
        return torch.bfloat16
    return torch.float32
