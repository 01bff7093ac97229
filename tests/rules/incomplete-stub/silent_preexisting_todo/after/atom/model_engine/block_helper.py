def pick_block_size(num_tokens: int) -> int:
    # TODO: tune for gfx950
    if num_tokens <= 128:
        return 32
    return 64
