def build_chunk_kernel(chunk, heads):
    return ("gdn", chunk, heads)


def pick_chunk(seqlen, heads):
    return 64 if seqlen * heads > 4096 else 32
