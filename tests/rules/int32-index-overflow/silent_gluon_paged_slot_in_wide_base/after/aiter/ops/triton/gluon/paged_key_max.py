from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def paged_key_max_kernel(keys_ptr, block_table_ptr, out_ptr, table_width, stride_kblock, n_pages,
                         DIM: gl.constexpr):
    seq = gl.program_id(0)
    layout: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])
    dims = gl.arange(0, DIM, layout=layout)
    best = gl.full([DIM], float("-inf"), gl.float32, layout=layout)
    for page in range(0, n_pages):
        phys = gl.load(block_table_ptr + seq * table_width + page)
        # The page is chosen in 64 bits on the base; the buffer op only walks inside it.
        page_base = keys_ptr + phys.to(gl.int64) * stride_kblock
        k = gl.amd.cdna3.buffer_load(ptr=page_base, offsets=dims)
        best = gl.maximum(best, k.to(gl.float32))
    gl.store(out_ptr + seq * DIM + dims, best)
