def gather_kv(kv_cache, block_table, seq_len, block_size):
    blocks = (seq_len + block_size - 1) // block_size
    idx = block_table[:blocks]
    return kv_cache.index_select(0, idx).flatten(0, 1)[:seq_len]
