import torch

from aiter import dtypes


def rope_group_quant(q, k, cos_sin, k_cache=None, k_scale_buf=None, group_size=64):
    num_tokens, num_kv_heads, head_dim = k.shape
    entry_bytes = head_dim + 2 * (head_dim // group_size) + 48

    # fp8: payload+scales, pad left uninitialised (the reader ignores it).
    q_buf = torch.empty((num_tokens, head_dim), dtype=dtypes.fp8, device=q.device)  # expect[red]: invariant-reversal
    return q_buf
