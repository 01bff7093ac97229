def pick_block_size(num_tokens: int) -> int:
    if num_tokens <= 64:
        return 32
    return 64
