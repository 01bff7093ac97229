import triton
import triton.language as tl


@triton.jit
def _fill_kernel(out_ptr, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    zeros = tl.zeros((BLOCK,), dtype=tl.bfloat16)
    for i in range(0, N, BLOCK):
        tl.store(out_ptr + i + offs, zeros)
    total = tl.zeros((BLOCK,), dtype=tl.float16)
    total += tl.load(out_ptr + offs)
    tl.store(out_ptr + offs, total)
