import torch

from aiter import dtypes


def rope_group_quant(q, k, cos_sin, k_cache=None, k_scale_buf=None, group_size=64):
    num_tokens, num_kv_heads, head_dim = k.shape
    entry_bytes = head_dim + 2 * (head_dim // group_size) + 48

    if k_scale_buf is None:
        # the asm reader masks the pad (see test_rope_group_quant_pad_poisoned)
        k_scale_buf = torch.empty(  # expect[warn]: invariant-reversal
            (num_tokens, num_kv_heads, entry_bytes), dtype=dtypes.fp8, device=k.device
        )
    return k_scale_buf
