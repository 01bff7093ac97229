from aiter.ops.flydsl.kernels import buffer_ops, tdm_ops


def build(scale_a, t, lds, rows, cols, x_scale):
    xs = buffer_ops.create_buffer_resource(
        x_scale, max_size=True
    )
    desc = tdm_ops.make_tensor_descriptor_2d(
        global_ptr=t, lds_memref=lds, oob_outer_bound=rows, oob_inner_bound=cols
    )
    if rows > 0:
        sa = buffer_ops.create_buffer_resource(scale_a, max_size=True)
        return sa, desc
    return None, desc
