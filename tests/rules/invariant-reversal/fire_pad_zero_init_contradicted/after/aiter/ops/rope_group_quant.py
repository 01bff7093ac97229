import torch

from aiter import dtypes


def rope_group_quant(q, k, cos_sin, k_cache=None, k_scale_buf=None, group_size=64):
    num_tokens, num_kv_heads, head_dim = k.shape
    entry_bytes = head_dim + 2 * (head_dim // group_size) + 48

    if k_scale_buf is None:
        # The kernel writes the fp8 payload and the e8m0 scales; the trailing pad is
        # never read by the asm reader, so no zero-init is needed.
        k_scale_buf = torch.empty(  # expect[red]: invariant-reversal
            (num_tokens, num_kv_heads, entry_bytes), dtype=dtypes.fp8, device=k.device
        )
    torch.ops.aiter.rope_group_quant(q, k, cos_sin, k_scale_buf, group_size)
    return k_scale_buf
