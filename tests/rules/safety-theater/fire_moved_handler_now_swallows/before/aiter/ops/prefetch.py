import logging

import torch

logger = logging.getLogger(__name__)


def prefetch(paths, cache):
    for p in paths:
        try:
            cache[p] = torch.load(p, map_location="cpu")
        except Exception:
            logger.warning("prefetch of %s failed", p)
    return cache


def warm(paths):
    return prefetch(paths, {})
