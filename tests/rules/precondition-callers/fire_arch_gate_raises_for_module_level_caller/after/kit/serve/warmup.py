from kit.kernels.pack import pack_tiles

WARM_ROWS = pack_tiles(list(range(64)), 16)
