from aiter.ops.flydsl.kernels import buffer_ops, tdm_ops


def build(scale_a, t, lds, rows, cols, x_scale):
    xs = fx.buffer_ops.create_buffer_resource(
        x_scale, max_size=True
    )
    sa = buffer_ops.create_buffer_resource(scale_a, max_size=True)
    return sa
