import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import range_constexpr

_THREADS = 128


def build_row_sum(n_cols: int, parts: int, threads=_THREADS):
    # Python values of the builder: fixed when the kernel is traced.
    chunk_tiles = (n_cols // 64) // parts

    @flyc.kernel
    def row_sum(src: fx.Pointer, dst: fx.Pointer, n_rows: fx.Int32, lanes: fx.Constexpr[int]):
        # Block id times a builder default / module constant: a thread index.
        g = fx.Int32(fx.block_idx.x) * fx.Int32(threads) + fx.Int32(fx.thread_idx.x)
        h = fx.Int32(fx.block_idx.y) * fx.Int32(_THREADS)
        # Block id times a tile count of the builder: a tile index.
        first_tile = fx.Int32(fx.block_idx.z) * fx.Int32(chunk_tiles)
        # A Constexpr parameter and a loop variable over a constant range.
        lane_off = fx.Int32(fx.thread_idx.x) * fx.Int32(lanes)
        for part in range_constexpr(parts):
            step = fx.Int32(part) * fx.Int32(fx.block_idx.x)
            fx.emit(g, h, first_tile, lane_off, step, src, dst, n_rows)

    return row_sum
