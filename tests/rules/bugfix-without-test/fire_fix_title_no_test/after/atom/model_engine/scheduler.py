def num_blocks(tokens, block_size):
    return (tokens + block_size - 1) // block_size
