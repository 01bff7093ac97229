from spool.ring import Ring


def take(ring: Ring, n, m):
    return ring.claim(n, m)
