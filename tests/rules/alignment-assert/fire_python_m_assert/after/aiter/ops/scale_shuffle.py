def tile_shuffle(scale, tile_minor=32):
    M, N = scale.shape
    assert M % tile_minor == 0, "rows must be tile aligned"  # expect: alignment-assert
    out = torch.empty_like(scale)
    _shuffle_kernel[(triton.cdiv(M, tile_minor),)](scale, out, M, N, TILE=tile_minor)
    return out
