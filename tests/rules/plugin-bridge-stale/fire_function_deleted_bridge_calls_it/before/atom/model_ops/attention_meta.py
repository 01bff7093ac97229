def build_swa_metadata(block_table, seq_lens, window_pages):
    return (block_table, seq_lens, window_pages)


def build_full_metadata(block_table, seq_lens):
    return (block_table, seq_lens)
