import inspect

import torch
from aiter.ops.quant import dynamic_block_quant as block_quant

_TAKES_SCALE_DTYPE = "scale_dtype" in inspect.signature(block_quant).parameters


def quantize_experts(w: torch.Tensor, use_reference: bool, scale_dtype=None):
    if use_reference:
        amax = w.abs().amax(dim=-1, keepdim=True)
        return w / amax, amax
    else:
        extra = {}
        if _TAKES_SCALE_DTYPE:
            extra["scale_dtype"] = scale_dtype
        return block_quant(w, block=128, scale_dtype=scale_dtype) if extra else block_quant(w, block=128)


def quantize_shared(w: torch.Tensor, round_mode: int = 0):
    try:
        return block_quant(w, block=64, round_mode=round_mode)
    except TypeError:
        # older aiter: no rounding modes, nearest-even only
        return block_quant(w, block=64)
