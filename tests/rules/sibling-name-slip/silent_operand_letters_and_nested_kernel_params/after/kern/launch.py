def build_gemm(m, n):
    def gemm_kernel(ptr_c, ptr_a, ptr_b, ptr_bias):
        return (ptr_c, ptr_a, ptr_b, ptr_bias, m, n)

    def launch(ptr_c, ptr_a, ptr_b):
        # No bias: the output pointer fills the bias slot and the kernel never reads it.
        return gemm_kernel(
            ptr_c,
            ptr_a,
            ptr_b,
            ptr_c,
        )

    return launch
