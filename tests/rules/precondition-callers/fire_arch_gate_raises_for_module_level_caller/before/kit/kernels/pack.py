from kit.platform import chip_name


def pack_tiles(rows, tile):
    return [rows[i : i + tile] for i in range(0, len(rows), tile)]
