def pack_tiles(x, tile):
    rows = x.shape[0]
    if rows % tile:
        # TODO(tiling): pad the tail tile instead of rejecting it
        raise ValueError(f"rows={rows} is not a multiple of tile={tile}")
    return x.view(rows // tile, tile, -1)
