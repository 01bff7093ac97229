from blitz.kernels import VARIANTS, build_legacy


def compile_plan(kind, m, n, tile, modern):
    builder = VARIANTS[kind] if modern else build_legacy
    return builder(m, n, tile)
