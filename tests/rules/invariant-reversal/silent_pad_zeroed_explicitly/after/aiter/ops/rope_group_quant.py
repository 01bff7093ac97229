import torch

from aiter import dtypes


def rope_group_quant(q, k, cos_sin, k_cache=None, k_scale_buf=None, group_size=64):
    num_tokens, num_kv_heads, head_dim = k.shape
    entry_bytes = head_dim + 2 * (head_dim // group_size) + 48

    # the trailing pad must read back as zero for the asm reader; only the pad is cleared
    k_scale_buf = torch.empty((num_tokens, num_kv_heads, entry_bytes), dtype=dtypes.fp8, device=k.device)
    k_scale_buf[..., head_dim:].zero_()
    return k_scale_buf
