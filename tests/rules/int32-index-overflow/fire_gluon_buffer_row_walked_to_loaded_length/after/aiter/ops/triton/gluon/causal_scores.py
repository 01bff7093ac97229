from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def causal_scores_kernel(scores_ptr, ctx_lens_ptr, n_draft, row_pitch, CHUNK: gl.constexpr):
    req = gl.program_id(0)
    draft = gl.program_id(1)
    layout: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])
    lanes = gl.arange(0, CHUNK, layout=layout)
    ctx = gl.load(ctx_lens_ptr + req)
    # A dense [requests * drafts, context] score matrix: each row is as long as the context.
    for pos in range(0, ctx, CHUNK):
        gl.amd.cdna3.buffer_store(
            stored_value=gl.full([CHUNK], float("-inf"), gl.float32, layout=layout),
            ptr=scores_ptr,
            offsets=(req * n_draft + draft) * row_pitch + pos + lanes,  # expect[warn]: int32-index-overflow
            mask=pos + lanes < ctx,
        )
