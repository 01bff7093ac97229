import logging

log = logging.getLogger(__name__)


def cached_weights(store, key):
    hit = False
    try:
        tensor = store.fetch(key)
        hit = True
    except KeyError:
        log.debug("cache miss for %s", key)
    if hit:
        return tensor.clone()
    return None


def pinned_weights(store, key):
    pin_failed = False
    try:
        buf = store.pin(key)
    except MemoryError:
        log.warning("cannot pin %s", key)
        pin_failed = True
    if pin_failed:
        return store.load(key)
    return buf


def streamed_weights(store, key):
    try:
        chunks = list(store.stream(key))
        complete = True
    except (IOError, EOFError):
        complete = False
    if not complete:
        log.error("stream of %s cut short", key)
        return None
    return b"".join(chunks)
