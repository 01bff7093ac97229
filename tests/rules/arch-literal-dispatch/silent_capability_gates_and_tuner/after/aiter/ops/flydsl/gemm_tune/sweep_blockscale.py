import itertools


def candidate_tiles(gfx):
    if gfx == "gfx1250":
        sizes = (64, 128, 256)
    elif gfx == "gfx950":
        sizes = (64, 128)
    else:
        sizes = (32, 64)
    return list(itertools.product(sizes, sizes))
