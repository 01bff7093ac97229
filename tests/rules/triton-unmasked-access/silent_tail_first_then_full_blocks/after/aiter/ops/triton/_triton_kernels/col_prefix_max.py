import triton
import triton.language as tl


@triton.jit
def _col_prefix_max_kernel(src_ptr, dst_ptr, stride, n_cols, PADDED: tl.constexpr, TILE: tl.constexpr):
    row = tl.program_id(0)
    lanes = tl.arange(0, TILE)
    # The ragged tile first, masked; then the full tiles below it, walking down.
    full_tiles: tl.constexpr = PADDED // TILE - 1
    offs = full_tiles * TILE + lanes
    best = tl.load(src_ptr + row * stride + offs, mask=offs < n_cols, other=float("-inf"))
    for t in (tl.static_range if full_tiles <= 2 else range)(full_tiles):
        offs -= TILE
        best = tl.maximum(best, tl.load(src_ptr + row * stride + offs))
    for t in range(full_tiles - 1, -1, -1):
        offs = t * TILE + lanes
        best = tl.maximum(best, tl.load(src_ptr + row * stride + offs))
    whole = n_cols - n_cols % TILE
    for start in range(0, whole, TILE):
        offs = start + lanes
        best = tl.maximum(best, tl.load(src_ptr + row * stride + offs))
    whole_tiles = tl.cdiv(n_cols, TILE) - 1
    steps = whole_tiles
    for t in range(0, steps):
        offs = t * TILE + lanes
        best = tl.maximum(best, tl.load(src_ptr + row * stride + offs))
    tl.store(dst_ptr + row, tl.max(best, axis=0))
