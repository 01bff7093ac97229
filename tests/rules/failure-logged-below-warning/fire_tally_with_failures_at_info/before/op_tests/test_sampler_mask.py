import sys

import torch
from aiter import logger


def run(cases):
    bad = [c for c in cases if not c["ok"]]
    if bad:
        logger.error("mask check: %d cases leaked padding", len(bad))
        sys.exit(1)
