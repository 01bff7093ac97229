from atom.model_ops.sparse_kernels import build_chunk_prefill_meta, build_plain_decode_meta


def sparse_meta_for(md, max_q_len: int):
    if max_q_len <= 1:  # expect: phase-size-proxy
        md.sparse = build_plain_decode_meta(md.context_lens, md.block_tables)
    else:
        md.sparse = build_chunk_prefill_meta(md.context_lens, md.block_tables, max_q_len)
    return md
