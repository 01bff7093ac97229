import weakref

_HANDLERS = {}
_RINGS = [None, None]


def make_table(n):
    return [lambda *a: a for _ in range(n)]


def register(key, fn):
    _HANDLERS[key] = (fn, weakref.ref(fn))
