def apply_rotary(q, k, cos, sin):
    return q * cos + k * sin
