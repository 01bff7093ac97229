def build_swa_metadata(block_table, seq_lens, window_pages):
    return (block_table, seq_lens, window_pages)
