import logging
import time

log = logging.getLogger(__name__)
_last_report = 0.0


def zero_tiles(width, alloc):
    tiles = [alloc(32)]
    if width > 32:
        tiles.append(alloc(32))
    if width > 64:
        tiles.append(alloc(32))
    if width > 96:
        tiles.append(alloc(32))
    return tiles


def report(stats):
    global _last_report
    now = time.monotonic()
    if now - _last_report >= 45.0:
        _last_report = now
        log.info("tiles in use: %d", stats.in_use)
