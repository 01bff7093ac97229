import torch


def paged_decode(q, k_cache, v_cache, block_table, seq_lens, scale):
    batch, num_heads, head_dim = q.shape
    # The asm kernel loads 16 elements per lane and requires head_dim % 16 == 0.
    assert head_dim % 16 == 0, f"head_dim={head_dim} not supported"
    out = torch.empty_like(q)
    torch.ops.aiter.paged_decode_asm(out, q, k_cache, v_cache, block_table, seq_lens, scale)
    return out
