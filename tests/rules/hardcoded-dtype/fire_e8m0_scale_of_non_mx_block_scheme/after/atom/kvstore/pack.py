from aiter import QuantType, dtypes, get_hip_quant


def pack_rows(rows, out_dtype):
    packer = get_hip_quant(QuantType.per_1x128)
    flat = rows.reshape(-1, rows.shape[-1])
    packed, scales = packer(flat, quant_dtype=out_dtype, scale_type=dtypes.fp8_e8m0)  # expect: hardcoded-dtype
    return packed.view(rows.shape), scales
