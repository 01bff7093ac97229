def build_wide(m, n, tile, interleave=False):
    return ("wide", m, n, tile, interleave)


def build_narrow(m, n, tile, interleave=False):
    return ("narrow", m, n, tile)


def build_legacy(m, n, tile, interleave=False):
    return ("legacy", m, n)


VARIANTS = {
    "wide": build_wide,
    "narrow": build_narrow,
}
