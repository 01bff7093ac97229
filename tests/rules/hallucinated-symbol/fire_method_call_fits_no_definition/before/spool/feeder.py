from spool.ring import Ring


def feed(ring: Ring, n):
    return ring.claim(n)
