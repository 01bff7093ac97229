def get_config(in_dtype, M):
    if in_dtype == "fp8":
        kernel = "gemm_fp8"
    elif in_dtype == "fp4":
        kernel = "gemm_fp4"
    else:
        kernel = "gemm_bf16"
    if in_dtype == "fp8":
        preload = 4
    elif in_dtype == "bf16":
        preload = 2
    else:
        raise ValueError(f"no preload depth for {in_dtype}")
    return kernel, preload
