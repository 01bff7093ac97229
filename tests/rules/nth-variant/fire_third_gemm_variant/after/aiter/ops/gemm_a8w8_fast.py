# expect-file: nth-variant
def gemm(a, b):
    return a @ b
