def test_norm(x):
    return x
