from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def gather_pages_kernel(pages_ptr, page_table_ptr, out_ptr, max_pages, PAGE: gl.constexpr, TILE: gl.constexpr):
    pid = gl.program_id(0)
    layout: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])
    lanes = gl.arange(0, TILE, layout=layout)
    # The page table is small: one row of page ids per sequence, itself used as an address below.
    page = gl.amd.cdna3.buffer_load(ptr=page_table_ptr, offsets=pid * max_pages + lanes // PAGE)
    vals = gl.load(pages_ptr + page.to(gl.int64) * PAGE + lanes % PAGE)
    # A program id times a compile-time tile size: bounded by the launch.
    gl.amd.cdna3.buffer_store(stored_value=vals, ptr=out_ptr, offsets=pid * TILE + lanes)
