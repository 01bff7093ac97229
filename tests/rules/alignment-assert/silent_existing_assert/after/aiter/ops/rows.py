def rows(x, tile):
    M = x.shape[0]
    if tile > 1:
        assert M % tile == 0
    return M // tile
