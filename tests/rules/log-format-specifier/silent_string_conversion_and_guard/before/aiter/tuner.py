import logging

logger = logging.getLogger("aiter")


def pick_tile(m, n, split=None):
    return 64 if split is None else split
