def plan_decode_meta(seqlens, num_heads, dtype_q=None, dtype_kv=None):
    return seqlens, num_heads, dtype_q, dtype_kv
