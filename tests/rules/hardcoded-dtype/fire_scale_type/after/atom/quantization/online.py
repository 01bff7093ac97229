from aiter import dtypes, get_hip_quant


def quantize_online(weight, quant_type, quant_dtype):
    quant_func = get_hip_quant(quant_type)
    if quant_dtype == dtypes.fp8:
        return quant_func(weight, quant_dtype=quant_dtype, scale_type=dtypes.fp8_e8m0)  # expect: hardcoded-dtype
    return quant_func(weight, quant_dtype=quant_dtype)
