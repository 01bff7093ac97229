def test_gdr():
    assert 1 + 1 == 2
