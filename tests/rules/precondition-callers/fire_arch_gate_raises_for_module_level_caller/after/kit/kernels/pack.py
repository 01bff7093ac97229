from kit.platform import chip_name


def pack_tiles(rows, tile):
    if chip_name() not in ("gfx950", "gfx1250"):  # expect: precondition-callers
        raise RuntimeError("pack_tiles needs the wide LDS of gfx950 or gfx1250")
    return [rows[i : i + tile] for i in range(0, len(rows), tile)]
