def kv_bytes(num_blocks, block_size, dtype_bytes):
    return num_blocks * block_size * dtype_bytes
