def get_config(in_dtype, M):
    if in_dtype == "fp8":
        kernel = "gemm_fp8"
    elif in_dtype == "int8":
        kernel = "gemm_int8"
    else:
        kernel = "gemm_bf16"
    if in_dtype in ("fp8", "int8"):
        preload = 4
    else:
        preload = 2
    return kernel, preload
