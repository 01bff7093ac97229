from aiter.ops.flydsl.kernels import buffer_ops, tdm_ops


def build(M, x_scale, scale_tensor, lds, rows):
    xs_rsrc = buffer_ops.create_buffer_resource(x_scale)  # expect: flydsl-unbounded-buffer
    desc = tdm_ops.make_tensor_descriptor_2d(
        global_ptr=scale_tensor,
        lds_memref=lds,
        tensor_shape=(rows, 128),
        oob_outer_bound=rows,  # expect[note]: flydsl-unbounded-buffer
    )
    return xs_rsrc, desc
