import logging

log = logging.getLogger("aiter.bench")


def run_sweep(shapes, variant, lanes: int | None = None):
    chatty = variant != "streamk" and len(shapes) > 4
    if chatty:
        log.info("lane count %d", lanes)  # expect: log-format-specifier
    return [s * 2 for s in shapes]
