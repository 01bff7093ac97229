import logging

logger = logging.getLogger("aiter")


def pick_tile(m, n, split=None, flag=False):
    logger.info("split=%s shape=%s", split, (m, n))
    if split is not None:
        logger.info("explicit split %d", split)
    logger.info("rows %d", m)
    logger.info("flag %d", flag)
    return 64 if split is None else split
