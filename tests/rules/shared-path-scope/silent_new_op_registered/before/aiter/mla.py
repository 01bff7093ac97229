import torch
from aiter.ops.mla_decode import mla_decode_fwd


def mla_prefill(q, kv):
    return torch.empty_like(q)
