def tiles(n):
    return n // 64


def pack_scale_mi355(amax):
    return amax / 448.0
