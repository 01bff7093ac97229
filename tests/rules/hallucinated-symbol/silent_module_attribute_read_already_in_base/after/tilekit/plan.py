from tilekit import limits


def legacy_cols():
    return limits.LEGACY_COLS


def padded_cols(pad):
    return limits.LEGACY_COLS + pad


def rows_for(n):
    return min(n, 256)
