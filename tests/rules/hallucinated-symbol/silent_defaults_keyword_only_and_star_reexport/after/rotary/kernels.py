def neox_rotate(x, cos, sin, *, is_neox, out=None):
    return x


def gptj_rotate(x, cos, sin=None, *rest):
    return x
