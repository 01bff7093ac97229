from atom.model_ops.rotary import apply_rotary


def attention(q, k, cos, sin):
    return apply_rotary(q, k, cos, sin)
