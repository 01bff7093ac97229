from tilekit import limits


def rows_for(n):
    return min(n, limits.MAX_ROWS)


def legacy_cols():
    return limits.LEGACY_COLS
