import quantkit.limits as lim


def per_tensor_scale(amax):
    return amax / lim.FP8_E4M3_MAX
