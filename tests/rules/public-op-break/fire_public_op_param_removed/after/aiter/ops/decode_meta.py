def plan_decode_meta(
    seqlens,
    num_heads,
    dtype_q_nope=None,  # expect[warn]: public-op-break
    dtype_q_rope=None,
    dtype_kv=None,
):
    return seqlens, num_heads, dtype_q_nope, dtype_q_rope, dtype_kv
