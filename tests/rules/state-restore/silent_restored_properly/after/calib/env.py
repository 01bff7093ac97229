import os

import torch

from calib import knobs


def with_mode(fn, mode):
    before = os.environ.get("CALIB_MODE")
    os.environ["CALIB_MODE"] = mode
    try:
        return fn()
    finally:
        if before is None:
            del os.environ["CALIB_MODE"]
        else:
            os.environ["CALIB_MODE"] = before


def with_rounding(fn):
    kept = knobs.ROUNDING
    knobs.ROUNDING = "exact"
    try:
        result = fn()
    except Exception:
        knobs.ROUNDING = kept
        raise
    knobs.ROUNDING = kept
    return result


def bf16_context(fn):
    dtype = torch.get_default_dtype()
    torch.set_default_dtype(torch.bfloat16)
    try:
        return fn()
    finally:
        torch.set_default_dtype(dtype)


def flip_without_work():
    saved = knobs.LEVEL
    knobs.LEVEL = 2
    knobs.LEVEL = saved
