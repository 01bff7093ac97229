from kit.kernels.pack import pack_tiles
from kit.platform import chip_name


def warm(rows):
    if chip_name() == "gfx950":
        return pack_tiles(rows, 16)
    return [rows]


def warm_wide(rows):
    assert chip_name() in ("gfx950", "gfx1250"), "wide warm-up needs LDS"
    return pack_tiles(rows, 32)
