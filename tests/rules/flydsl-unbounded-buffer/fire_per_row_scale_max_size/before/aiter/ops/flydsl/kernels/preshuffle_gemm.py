from aiter.ops.flydsl.kernels import buffer_ops


def compile_gemm(M, N, K):
    def kernel(arg_a, arg_b, arg_c, arg_scale_a, arg_scale_b, arg_bias, i32_m):
        a_rsrc = buffer_ops.create_buffer_resource(arg_a, max_size=False, num_records_bytes=i32_m * K)
        return a_rsrc

    return kernel
