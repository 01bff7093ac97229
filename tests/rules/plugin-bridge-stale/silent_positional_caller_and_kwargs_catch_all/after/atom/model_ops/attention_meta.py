def build_swa_metadata(block_table, seq_lens, pages):
    return (block_table, seq_lens, pages)


def build_full_metadata(block_table, **kwargs):
    return (block_table, kwargs.get("seq_lens"))
