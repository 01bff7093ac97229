from atom.model_ops.sparse_kernels import build_plain_decode_meta


def sparse_meta_for(md, max_q_len: int):
    md.sparse = build_plain_decode_meta(md.context_lens, md.block_tables)
    return md
