def mix(src, dst, gain, out):
    ...


def mix_packed(src, dst, gain, out, scale, saturate: bool = False):
    ...


def norm(src, weight, eps, out, offset_weight: bool = False):
    ...


def norm_quant(src, weight, eps, out, scale):
    ...
