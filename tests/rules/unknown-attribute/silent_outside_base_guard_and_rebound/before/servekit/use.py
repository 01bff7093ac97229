from servekit.layers import Cache, Proj


def step(p: Proj, c: Cache):
    return c.legacy_pages
