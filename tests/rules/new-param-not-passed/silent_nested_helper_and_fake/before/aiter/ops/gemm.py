def build_kernel(m):
    def flat_buffer(arg, align):
        return (arg, align)

    return flat_buffer(m, 4)


def gemm_fake(a, b):
    return a
