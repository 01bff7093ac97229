def plan_decode_meta(
    seqlens,
    num_heads,
    dtype_q=None,
    dtype_kv=None,
    dtype_q_nope=None,
    dtype_q_rope=None,
):
    # dtype_q is the legacy spelling: it sets both halves unless they are given.
    dtype_q_nope = dtype_q if dtype_q_nope is None else dtype_q_nope
    dtype_q_rope = dtype_q if dtype_q_rope is None else dtype_q_rope
    return seqlens, num_heads, dtype_q_nope, dtype_q_rope, dtype_kv
