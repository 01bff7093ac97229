def tile_shuffle(scale, tile_minor=32):
  M, N = scale.shape
  assert M % 64 == 0, "rows must fill whole tile pairs"  # expect: alignment-assert
  return scale.view(M // tile_minor, tile_minor, N)


def tile_unshuffle(scale):
  T, t, N = scale.shape
  return scale.reshape(T * t, N)
