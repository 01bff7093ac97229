def build_swa_metadata(block_table, seq_lens):
    return (block_table, seq_lens)


def build_full_metadata(block_table, seq_lens):
    return (block_table, seq_lens)
