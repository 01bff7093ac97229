import logging

logger = logging.getLogger("aiter")


def pick(cfgs, m):
    logger.info(f"picking config for m={m}")
    return min(cfgs)
