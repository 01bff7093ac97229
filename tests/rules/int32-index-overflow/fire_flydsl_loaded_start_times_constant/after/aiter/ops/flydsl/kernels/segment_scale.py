import flydsl.compiler as flyc
import flydsl.expr as fx

_HIDDEN = 2048
_TILE = 256


@flyc.kernel
def segment_scale(x: fx.Tensor, offsets: fx.Tensor, out: fx.Tensor):
    seg = fx.block_idx.x
    # The segment's first row comes from memory: it grows with the total token count.
    first_row = fx.buffer_ops.buffer_load(offsets, seg, vec_width=1, dtype=fx.T.i32())
    x_off = fx.Int32(first_row) * fx.Int32(_HIDDEN)  # expect[red]: int32-index-overflow
    # The block index times the tile is a thread index: bounded by the launch.
    t = fx.Int32(seg) * fx.Int32(_TILE) + fx.Int32(fx.thread_idx.x)
    fx.scale_rows(x, out, x_off + t)
