from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def clear_scores_kernel(scores_ptr, ctx_lens_ptr, row_pitch, CHUNK: gl.constexpr):
    row = gl.program_id(0)
    layout: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])
    lanes = gl.arange(0, CHUNK, layout=layout)
    ctx = gl.load(ctx_lens_ptr + row)
    # The row start is a 64-bit base; the 32-bit lane offset stays inside one row.
    row_base = scores_ptr + row.to(gl.int64) * row_pitch
    for pos in range(0, ctx, CHUNK):
        gl.amd.cdna3.buffer_store(
            stored_value=gl.zeros([CHUNK], gl.float32, layout=layout),
            ptr=row_base,
            offsets=pos + lanes,
            mask=pos + lanes < ctx,
        )
