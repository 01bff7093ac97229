def int8_gemm(a, b, scale, per_channel_scale=None):
    out = (a @ b) * scale
    if per_channel_scale is not None:
        out = out * per_channel_scale
    return out
