from tilekit import limits


def rows_for(n):
    return min(n, limits.MAX_ROWS)


def legacy_cols():
    return limits.LEGACY_COLS


def tile_shape(n, deep=False):
    cols = limits.LEGACY_COLS if deep else limits.MAX_COLS
    depth = limits.MAX_DEPTH  # expect[red]: hallucinated-symbol
    return rows_for(n), cols, depth
