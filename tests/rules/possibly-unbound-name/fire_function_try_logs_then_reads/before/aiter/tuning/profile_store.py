import json
import logging

logger = logging.getLogger("aiter.tuning")


def default_tile(shape):
    return (128, 128) if shape[0] >= 128 else (64, 64)
