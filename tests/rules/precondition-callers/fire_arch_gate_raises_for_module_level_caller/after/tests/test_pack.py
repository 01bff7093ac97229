from kit.kernels.pack import pack_tiles


def test_pack():
    assert len(pack_tiles(list(range(8)), 4)) == 2
