from aiter . ops . flydsl . gdn_kernels import (
    build_chunk_kernel,
)


def enumerate_jobs(rows):
    return [build_chunk_kernel(chunk, heads) for chunk, heads in rows]
