def build_chunk_kernel(chunk, heads):
    return ("gdn", chunk, heads)
