from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def paged_value_sum_kernel(values_ptr, block_table_ptr, seq_lens_ptr, out_ptr, table_width, stride_vblock,
                           PAGE: gl.constexpr, DIM: gl.constexpr):
    seq = gl.program_id(0)
    layout: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])
    dims = gl.arange(0, DIM, layout=layout)
    n_pages = gl.cdiv(gl.load(seq_lens_ptr + seq), PAGE)
    acc = gl.zeros([DIM], gl.float32, layout=layout)
    for page in range(0, n_pages):
        # The physical page of this sequence's page-th block: one row of the table per sequence.
        phys = gl.load(block_table_ptr + seq * table_width + page)
        # Every page of the cache sits behind one base pointer with a 32-bit lane offset.
        v = gl.amd.cdna3.buffer_load(ptr=values_ptr, offsets=phys * stride_vblock + dims)  # expect[warn]: int32-index-overflow
        acc += v.to(gl.float32)
    gl.store(out_ptr + seq * DIM + dims, acc)
