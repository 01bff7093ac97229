from aiter import QuantType, dtypes, get_hip_quant


def pack_rows(rows, out_dtype):
    packer = get_hip_quant(QuantType.per_1x32)
    flat = rows.reshape(-1, rows.shape[-1])
    packed, scales = packer(flat, quant_dtype=out_dtype, scale_type=dtypes.fp8_e8m0)
    return packed.view(rows.shape), scales


def pack_cols(cols, out_dtype):
    return get_hip_quant(QuantType.per_1x32)(cols.t(), quant_dtype=out_dtype, scale_type=dtypes.fp8_e8m0)
