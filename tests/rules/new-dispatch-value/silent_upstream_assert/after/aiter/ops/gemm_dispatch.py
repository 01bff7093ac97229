def get_config(in_dtype, M):
    assert in_dtype in ("fp8", "int8", "bf16", "fp4"), in_dtype
    if in_dtype == "fp8":
        kernel = "gemm_fp8"
    elif in_dtype == "fp4":
        kernel = "gemm_fp4"
    else:
        kernel = "gemm_generic"
    if in_dtype in ("fp8", "int8"):
        preload = 4
    else:
        preload = 2
    return kernel, preload
