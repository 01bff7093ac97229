import logging

logger = logging.getLogger("aiter")


def pick_tile(m, x, split=None):
    if split is None:
        split = 4
    logger.info("split %d", split)
    width = None
    width = m * 2
    logger.info("width %d rows %d", width, x.shape[0])
    return split
