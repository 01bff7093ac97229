def apply_rotary(q, k, cos, sin, qk_norm=None):
    if qk_norm is not None:
        q, k = qk_norm(q), qk_norm(k)
    return q * cos + k * sin
