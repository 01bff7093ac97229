def tile_plan(block_m, block_k, waves):
    assert (
        block_m in (64, 128)
        and block_k % 64 == 0
    ), f"unsupported tile {block_m}x{block_k}"
    return block_m * waves, block_k
