def tile_plan(block_m, block_k, waves):
    assert block_m == 128, f"only 128-row tiles, got {block_m}"
    assert (
        block_k % 64 == 0
    ), "block_k must be a multiple of 64"
    return block_m * waves, block_k
