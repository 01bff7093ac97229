import flydsl.expr as fx


def pad_mask(block_y, tid, per_thread, valid_cols, acc, zero):
    # The column bound only decides which lanes are zeroed: it never addresses memory.
    first_col = fx.Int32(block_y) * fx.Int32(per_thread)
    last_col = first_col + fx.Int32(tid)
    keep = [(last_col + fx.Int32(i) < valid_cols).select(acc[i], zero) for i in range(4)]
    if fx.Int32(tid) * fx.Int32(per_thread) >= valid_cols:
        keep = []
    return keep
