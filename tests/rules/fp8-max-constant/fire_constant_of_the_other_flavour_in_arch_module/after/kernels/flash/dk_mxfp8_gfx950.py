def block_shape(head_dim):
    return (128, head_dim)


def emit_dk_scale(builder, amax_reg):
    fp8_max = builder.const_f32(240.0)  # expect: fp8-max-constant
    return builder.div(amax_reg, fp8_max)
