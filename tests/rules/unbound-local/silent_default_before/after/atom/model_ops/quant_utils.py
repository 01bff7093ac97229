def pick_scale(x, use_fp8, use_int8):
    scale = None
    if use_fp8:
        scale = x.abs().amax() / 448.0
    elif use_int8:
        scale = x.abs().amax() / 127.0
    return scale
