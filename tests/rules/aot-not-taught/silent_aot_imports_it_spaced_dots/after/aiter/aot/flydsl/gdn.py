from aiter . ops . flydsl . gdn_kernels import (
    build_chunk_kernel,
    pick_chunk,
)


def enumerate_jobs(rows):
    return [build_chunk_kernel(pick_chunk(seqlen, heads), heads) for seqlen, heads in rows]
