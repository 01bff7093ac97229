import torch

from aiter import dtypes


def rope_group_quant(q, k, cos_sin, k_cache=None, k_scale_buf=None, group_size=64):
    num_tokens, num_kv_heads, head_dim = k.shape
    entry_bytes = head_dim + 2 * (head_dim // group_size) + 48

    # fp8: payload+scales (zeros for the pad); bf16: plain rotated Q.
    q_buf = (
        torch.zeros((num_tokens, head_dim), dtype=dtypes.fp8, device=q.device)
    )
    return q_buf
