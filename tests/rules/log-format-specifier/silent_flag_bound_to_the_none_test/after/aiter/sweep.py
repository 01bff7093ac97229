import logging

log = logging.getLogger("aiter.bench")


def run_sweep(shapes, variant, lanes: int | None = None):
    pinned = variant != "streamk" and lanes is not None
    if pinned:
        log.info("pinned lane count %d", lanes)
    return [s * 2 for s in shapes]
