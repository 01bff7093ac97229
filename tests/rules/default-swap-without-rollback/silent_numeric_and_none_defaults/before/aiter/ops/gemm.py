def gemm(a, b, splitk=1, bias=None, out_dtype=None):
    return _run(a, b, splitk, bias, out_dtype)
