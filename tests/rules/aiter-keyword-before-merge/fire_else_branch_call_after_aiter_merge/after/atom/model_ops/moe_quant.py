import torch
from aiter.ops.quant import dynamic_block_quant as block_quant


def quantize_experts(w: torch.Tensor, use_reference: bool, scale_dtype=None):
    if use_reference:
        amax = w.abs().amax(dim=-1, keepdim=True)
        return w / amax, amax
    else:
        return block_quant(w, block=128, scale_dtype=scale_dtype)  # expect[warn]: aiter-keyword-before-merge
