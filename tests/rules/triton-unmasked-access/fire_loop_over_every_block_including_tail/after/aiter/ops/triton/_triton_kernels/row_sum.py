import triton
import triton.language as tl


@triton.jit
def _row_sum_kernel(x_ptr, out_ptr, stride, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    lanes = tl.arange(0, BLOCK)
    blocks = tl.cdiv(N, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for b in tl.range(0, blocks):
        cols = b * BLOCK + lanes
        acc += tl.load(x_ptr + row * stride + cols).to(tl.float32)  # expect[red]: triton-unmasked-access
    cols = blocks * BLOCK + lanes
    acc += tl.load(x_ptr + row * stride + cols, mask=cols < N, other=0.0).to(tl.float32)
    tl.store(out_ptr + row, tl.sum(acc, axis=0))
