from spool.ring import Ring


def take(ring: Ring, n, m):
    return ring.claim(n, m)


def take_more(ring: Ring, args, n):
    first = ring.claim(*args)  # ok: unpacking
    inner = lambda self: self.claim(1, 2, 3)  # ok: not a method's self
    return first, inner
