def compile_stage(tile_n, tile_k):
    return (tile_n, tile_k)


def describe_tile(tile_n, tile_k):
    return f"{tile_n}x{tile_k}"
