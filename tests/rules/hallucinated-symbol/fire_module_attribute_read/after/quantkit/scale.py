import quantkit.limits
import quantkit.limits as lim


def per_tensor_scale(amax, fnuz=False):
    top = lim.FP8_E4M3FNUZ_MAX if fnuz else lim.FP8_E4M3_MAX  # expect[red]: hallucinated-symbol
    return amax / top


def per_token_scale(amax):
    return amax / quantkit.limits.INT4_MAX  # expect[red]: hallucinated-symbol
