import logging

logger = logging.getLogger("aiter")


def build(name):
    logger.warning("rebuilding " + name)  # expect: logging-fstring
