from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def score_rows_kernel(scores_ptr, bias_ptr, n_heads, stride_row, BLOCK: gl.constexpr):
    pid = gl.program_id(0)
    seq, head = pid // n_heads, pid % n_heads
    layout: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])
    lanes = gl.arange(0, BLOCK, layout=layout)
    b = gl.amd.cdna3.buffer_load(ptr=bias_ptr, offsets=lanes)
    # One output row per (sequence, head): a 32-bit offset from the base of the whole tensor.
    gl.amd.cdna3.buffer_store(
        stored_value=b * 2.0,
        ptr=scores_ptr,
        offsets=(seq * n_heads + head) * stride_row + lanes,  # expect[note]: int32-index-overflow
    )
