def gather_kv(kv_cache, block_table, seq_len, block_size):
    blocks = (seq_len + block_size - 1) // block_size
    return kv_cache[block_table[:blocks]].flatten(0, 1)[:seq_len]
