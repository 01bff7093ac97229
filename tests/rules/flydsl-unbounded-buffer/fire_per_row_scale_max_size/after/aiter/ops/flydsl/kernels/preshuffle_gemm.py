from aiter.ops.flydsl.kernels import buffer_ops


def compile_gemm(M, N, K):
    def kernel(arg_a, arg_b, arg_c, arg_scale_a, arg_scale_b, arg_bias, i32_m):
        a_rsrc = buffer_ops.create_buffer_resource(arg_a, max_size=False, num_records_bytes=i32_m * K)
        # B, its scale and the bias are per-N and N is a multiple of the tile: keep max_size.
        scale_b_rsrc = buffer_ops.create_buffer_resource(arg_scale_b, max_size=True)
        bias_rsrc = buffer_ops.create_buffer_resource(arg_bias, max_size=True)
        scale_a_rsrc = buffer_ops.create_buffer_resource(  # expect: flydsl-unbounded-buffer
            arg_scale_a, max_size=True
        )
        return a_rsrc, scale_a_rsrc, scale_b_rsrc, bias_rsrc

    return kernel
