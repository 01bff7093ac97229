from pkg.quant.kernels import build_int4_packer, build_mx_packer, build_nvfp4_packer


def build_packer(rows, cols, group, w_dtype, out_dtype="bf16", transpose=False, swizzle_scales=False):
    if w_dtype == "int4":
        return build_int4_packer(rows, cols, group, out_dtype=out_dtype, transpose=transpose)
    elif w_dtype == "mxfp4":
        return build_mx_packer(rows, cols, group, out_dtype=out_dtype, transpose=transpose)
    elif w_dtype == "nvfp4":
        # The new format keeps its block scales swizzled for the tensor-core loads.
        return build_nvfp4_packer(
            rows, cols, group, out_dtype=out_dtype, transpose=transpose, swizzle_scales=swizzle_scales
        )
    raise ValueError(f"unsupported weight dtype {w_dtype}")
