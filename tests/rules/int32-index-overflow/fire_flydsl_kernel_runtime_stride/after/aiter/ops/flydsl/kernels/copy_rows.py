import flydsl.compiler as flyc
import flydsl.expr as fx

_THREADS = 256


def build_copy_rows(vec: int = 4):
    @flyc.kernel
    def copy_rows(src: fx.Pointer, dst: fx.Pointer, row_stride: fx.Int32, n_rows: fx.Int32):
        # The row stride is a runtime argument: block * stride wraps past 2^31 elements.
        row_off = fx.Int32(fx.block_idx.x) * fx.Int32(row_stride)  # expect[note]: int32-index-overflow
        col = fx.Int32(fx.thread_idx.x) * fx.Int32(vec)
        fx.copy(src, dst, offset=row_off + col)

    return copy_rows
