from atom.model_ops.rotary import apply_rotary


def attention(q, k, cos, sin, norm):
    return apply_rotary(q, k, cos, sin, qk_norm=norm)
