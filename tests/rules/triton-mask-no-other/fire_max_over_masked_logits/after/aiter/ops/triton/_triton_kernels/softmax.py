import triton
import triton.language as tl


@triton.jit
def _softmax_kernel(x_ptr, out_ptr, N, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_N)
    logits = tl.load(x_ptr + row * N + offs, mask=offs < N)  # expect: triton-mask-no-other
    shifted = logits * 1.0
    row_max = tl.max(shifted, axis=0)
    num = tl.exp(logits - row_max)
    tl.store(out_ptr + row * N + offs, num / tl.sum(num, axis=0), mask=offs < N)
