from atom.model_ops.sparse_kernels import build_multi_token_decode_meta, build_plain_decode_meta


def decode_meta(md, max_q_len: int):
    if max_q_len <= 1:
        md.sparse = build_plain_decode_meta(md.context_lens, md.block_tables)
    else:
        # speculative steps: several query tokens per sequence, still decode
        md.sparse = build_multi_token_decode_meta(md.context_lens, md.block_tables, max_q_len)
    return md


def fp4_only_decode_meta(md, max_q_len: int):
    if max_q_len > 1:
        raise NotImplementedError("the fp4-only decode path has no speculative decode support")
    md.sparse = build_plain_decode_meta(md.context_lens, md.block_tables)
    return md
