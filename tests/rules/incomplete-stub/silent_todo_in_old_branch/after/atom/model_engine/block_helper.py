def pick_block_size(num_tokens: int) -> int:
    if num_tokens <= 64:
        # TODO: 16 may be faster for decode-only batches
        return 32
    return 64
