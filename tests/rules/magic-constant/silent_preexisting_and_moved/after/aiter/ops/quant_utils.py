FP8_MAX = 448.0


def needs_requant(amax, strict=False):
    if strict:
        return amax >= 447.5
    return amax > 447.5


def tiny(x):
    return abs(x) < 3e-5


def fast_path(m, version):
    if version >= 6.4:
        return m > 0
    return False
