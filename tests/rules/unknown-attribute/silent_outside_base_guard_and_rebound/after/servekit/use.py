from servekit.layers import Cache, Proj


def step(p: Proj, c: Cache, other):
    w = p.weight  # ok: nn.Module is outside this repository
    if hasattr(c, "evicted"):
        w = c.evicted  # ok: guarded by hasattr
    try:
        n = c.num_free
    except AttributeError:
        n = 0
    old = c.legacy_pages  # ok: the base already read it
    return w, n, old, other.anything


def swap(c: Cache, spare):
    if spare is not None:
        c = spare
    return c.free_list  # ok: rebound, the annotation no longer says what c is


def untyped(c):
    return c.free_list  # ok: no annotation
