from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def routed_rows_kernel(act_ptr, routed_ids_ptr, out_ptr, stride_act, ROWS: gl.constexpr, COLS: gl.constexpr):
    tile = gl.program_id(0)
    layout: gl.constexpr = gl.BlockedLayout([1, 1], [8, 8], [4, 1], [1, 0])
    r = gl.arange(0, ROWS, layout=gl.SliceLayout(1, layout))
    k = gl.arange(0, COLS, layout=gl.SliceLayout(0, layout))
    # The rows this tile gathers come from a flat list of routed token ids: rows of this
    # launch's activations, not slots of a pool. Whether they pass 2 GiB is not known here.
    ids = gl.load(routed_ids_ptr + tile * ROWS + r)
    a = gl.amd.cdna3.buffer_load(ptr=act_ptr, offsets=ids[:, None] * stride_act + k[None, :])  # expect[note]: int32-index-overflow
    gl.store(out_ptr + (tile * ROWS + r)[:, None] * COLS + k[None, :], a)
