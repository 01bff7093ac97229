def build_kernel(m):
    def flat_buffer(arg, align, nrec=None):
        return (arg, align, nrec)

    return flat_buffer(m, 4, m * 2)


def gemm_fake(a, b, out=None):
    return a
