def mix(src, dst, gain, out):
    ...


def mix_packed(src, dst, gain, out, scale):
    ...


def norm(src, weight, eps, out):
    ...


def norm_quant(src, weight, eps, out, scale):
    ...
