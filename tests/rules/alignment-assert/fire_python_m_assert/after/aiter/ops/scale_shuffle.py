def tile_shuffle(scale, tile_minor=32):
    M, N = scale.shape
    assert M % tile_minor == 0, "rows must be tile aligned"  # expect: alignment-assert
    return scale.view(M // tile_minor, tile_minor, N)
