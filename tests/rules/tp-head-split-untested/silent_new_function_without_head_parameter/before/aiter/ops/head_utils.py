def merge_heads(x, nheads):
    b, s, h, d = x.shape
    return x.reshape(b, s, h * d)
