def build_wide(m, n, tile):
    return ("wide", m, n, tile)


def build_narrow(m, n, tile):
    return ("narrow", m, n, tile)


def build_legacy(m, n, tile):
    return ("legacy", m, n)


VARIANTS = {
    "wide": build_wide,
    "narrow": build_narrow,
}
