def compile_stage(tile_n, tile_k):
    return (tile_n, tile_k)
