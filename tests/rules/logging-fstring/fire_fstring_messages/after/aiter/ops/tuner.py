import logging

logger = logging.getLogger("aiter")


def pick(cfgs, m):
    logger.info(f"picking config for m={m}")  # expect: logging-fstring
    best = min(cfgs)
    logger.debug(f"best={best}")
    return best
