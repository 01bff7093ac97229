import torch
from aiter.ops.quant import dynamic_block_quant as block_quant


def quantize_experts(w: torch.Tensor, use_reference: bool):
    if use_reference:
        amax = w.abs().amax(dim=-1, keepdim=True)
        return w / amax, amax
    else:
        return block_quant(w, block=128)


def quantize_shared(w: torch.Tensor):
    return block_quant(w, block=64)
