from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def attn_stats_kernel(q_ptr, lse_ptr, stride_qt, n_heads, BLOCK: gl.constexpr):
    tok = gl.program_id(0)
    layout: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])
    lanes = gl.arange(0, BLOCK, layout=layout)
    # The query rows (heads x head_dim per token) are the big tensor: widened.
    q_row = tok.to(gl.int64) * stride_qt
    q = gl.load(q_ptr + q_row + lanes)
    # One float per (token, head): a table head_dim times smaller; the query's widening says
    # nothing about its size.
    gl.amd.cdna3.buffer_store(
        stored_value=q,
        ptr=lse_ptr,
        offsets=tok * n_heads + lanes,  # expect[note]: int32-index-overflow
    )
