from aiter.ops.flydsl.gdn_kernels import build_chunk_kernel, pick_chunk


def gdn_forward(q, heads):
    return build_chunk_kernel(pick_chunk(len(q), heads), heads)
