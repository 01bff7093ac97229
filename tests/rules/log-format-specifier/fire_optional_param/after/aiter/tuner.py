import logging
from typing import Optional

logger = logging.getLogger("aiter")


def pick_tile(m, n, split=None, cu_count: Optional[int] = None):
    logger.info("picking tile for m=%d split=%d", m, split)  # expect: log-format-specifier
    logger.debug("cu=%x", cu_count)  # same cause as the finding above: folded into it
    return 64 if split is None else split
