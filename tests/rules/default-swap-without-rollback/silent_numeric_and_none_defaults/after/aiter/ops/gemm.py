def gemm(a, b, splitk=4, bias=None, out_dtype="bf16"):
    return _run(a, b, splitk, bias, out_dtype)
