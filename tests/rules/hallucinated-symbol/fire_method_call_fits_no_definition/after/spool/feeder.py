from spool.ring import Ring


def feed(ring: Ring, n):
    first = ring.claim(n)
    return ring.release(first, n, n)  # expect[red]: hallucinated-symbol


def drain(slots, n):
    local = Ring(slots)
    return local.release(n)  # expect[red]: hallucinated-symbol
