def merge_heads(x, nheads):
    b, s, h, d = x.shape
    assert h == nheads
    return x.reshape(b, s, h * d)


def scale_rows(x, factor):
    return x * factor
