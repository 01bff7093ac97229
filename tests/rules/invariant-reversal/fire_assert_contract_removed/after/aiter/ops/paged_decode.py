import torch


def paged_decode(q, k_cache, v_cache, block_table, seq_lens, scale):
    batch, num_heads, head_dim = q.shape
    out = torch.empty_like(q)  # expect[red]: invariant-reversal
    torch.ops.aiter.paged_decode_asm(out, q, k_cache, v_cache, block_table, seq_lens, scale)
    return out
