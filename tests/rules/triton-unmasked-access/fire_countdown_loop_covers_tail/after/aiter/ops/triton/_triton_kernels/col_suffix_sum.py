import triton
import triton.language as tl


@triton.jit
def _col_suffix_sum_kernel(src_ptr, dst_ptr, stride, n_cols, TILE: tl.constexpr):
    row = tl.program_id(0)
    lanes = tl.arange(0, TILE)
    tiles = tl.cdiv(n_cols, TILE)
    acc = tl.zeros((TILE,), dtype=tl.float32)
    # Counts down over every tile, the ragged last one included.
    for t in range(tiles - 1, -1, -1):
        offs = t * TILE + lanes
        acc += tl.load(src_ptr + row * stride + offs)  # expect[red]: triton-unmasked-access
    offs = lanes
    first = tl.load(src_ptr + row * stride + offs, mask=offs < n_cols, other=0.0)
    tl.store(dst_ptr + row, tl.sum(acc + first, axis=0))
