def compile_stage(tile_n, tile_k):
    return (tile_n, tile_k)


def resolve_stage1_tile_n(m, n):
    return 128 if m > 256 else 64


def resolve_stage2_tile_k(m, k):
    return 256 if k % 256 == 0 else 128
