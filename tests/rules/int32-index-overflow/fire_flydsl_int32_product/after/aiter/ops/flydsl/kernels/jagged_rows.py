import flydsl.expr as fx


def row_offsets(seq_start, K, N):
    # Start of this group's rows in the packed A and C matrices.
    a_row_off = fx.Int32(seq_start) * fx.Int32(K)  # expect[note]: int32-index-overflow
    c_row_off = fx.Int64(seq_start) * fx.Int64(N)
    return a_row_off, c_row_off
