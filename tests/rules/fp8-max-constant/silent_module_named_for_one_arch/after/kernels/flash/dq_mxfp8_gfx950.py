def block_shape(head_dim):
    return (64, head_dim)


def emit_dq_scale(builder, amax_reg):
    inv_fp8_max = builder.const_f32(1.0 / 448.0)
    return builder.mul(amax_reg, inv_fp8_max)
