import triton
import triton.language as tl


@triton.jit
def _rowsum(x_ptr, y_ptr, bias_ptr, stride, N, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.cast(pid * BLOCK + tl.arange(0, BLOCK), tl.int64)
    bias_offs = (pid * BLOCK + tl.arange(0, BLOCK)) % N
    x = tl.load(x_ptr + offs * stride) + tl.load(bias_ptr + bias_offs)
    tl.store(y_ptr + offs, x)
