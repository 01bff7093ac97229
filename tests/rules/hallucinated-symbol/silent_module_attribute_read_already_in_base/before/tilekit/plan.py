from tilekit import limits


def legacy_cols():
    return limits.LEGACY_COLS
