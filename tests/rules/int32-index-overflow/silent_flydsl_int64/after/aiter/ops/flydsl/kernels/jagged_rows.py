import flydsl.expr as fx


def row_offsets(seq_start, K, N):
    a_row_off = fx.Int64(seq_start) * fx.Int64(K)
    tile = fx.Int32(4) * fx.Int32(64)
    return a_row_off, tile
