from aiter import dtypes, get_hip_quant


def quantize_online(weight, quant_type, quant_dtype):
    quant_func = get_hip_quant(quant_type)
    return quant_func(weight, quant_dtype=quant_dtype)
