import triton
import triton.language as tl


@triton.jit
def _chunk_prep_kernel(x_ptr, ws_ptr, ws2_ptr, T, C: tl.constexpr, K: tl.constexpr):
    pid = tl.program_id(0)
    valid = tl.minimum(C, T - pid * C)
    o_c = tl.arange(0, C)
    o_k = tl.arange(0, K)
    m = (o_c < valid)[:, None]
    x = tl.load(x_ptr + (pid * C + o_c[:, None]) * K + o_k[None, :], mask=m, other=0.0)
    # the workspace holds whole C x K tiles; the tail rows are written as zeros on purpose
    off = pid * C * K + o_c[:, None] * K + o_k[None, :]
    tl.store(ws_ptr + off, x * 2.0)
    tl.store(ws2_ptr + off, tl.where(m, x, 0.0))
