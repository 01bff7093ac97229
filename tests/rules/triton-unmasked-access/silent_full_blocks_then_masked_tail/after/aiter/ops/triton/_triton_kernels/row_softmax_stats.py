import triton
import triton.language as tl


@triton.jit
def _row_stats_kernel(x_ptr, out_ptr, stride, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    lanes = tl.arange(0, BLOCK)
    whole = N // BLOCK
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for b in tl.range(0, whole, num_stages=2):
        cols = b * BLOCK + lanes
        acc += tl.load(x_ptr + row * stride + cols).to(tl.float32)
    peak = tl.full((BLOCK,), float("-inf"), dtype=tl.float32)
    for b in range(tl.cdiv(N, BLOCK) - 1):
        cols = b * BLOCK + lanes
        peak = tl.maximum(peak, tl.load(x_ptr + row * stride + cols).to(tl.float32))
    cols = whole * BLOCK + lanes
    acc += tl.load(x_ptr + row * stride + cols, mask=cols < N, other=0.0).to(tl.float32)
    tl.store(out_ptr + row, tl.sum(acc, axis=0) / N + tl.max(peak, axis=0))
