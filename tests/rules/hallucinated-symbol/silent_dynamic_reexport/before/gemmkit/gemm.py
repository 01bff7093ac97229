from gemmkit import desc as dops


def tile(t):
    return dops.make_desc(t)
