def kv_bytes(num_blocks, block_size, dtype_bytes, scale_bytes=0):
    return num_blocks * block_size * (dtype_bytes + scale_bytes)
