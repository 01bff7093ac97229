def compile_stage(tile_n, tile_k):
    return (clamp_tile(tile_n), tile_k)


def clamp_tile(tile_n):
    return min(tile_n, 256)
