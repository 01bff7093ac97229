import logging

logger = logging.getLogger("aiter")


def pick_tile(m, split=None):
    return split
