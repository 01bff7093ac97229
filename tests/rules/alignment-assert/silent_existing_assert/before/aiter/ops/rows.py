def rows(x, tile):
    M = x.shape[0]
    assert M % tile == 0
    return M // tile
