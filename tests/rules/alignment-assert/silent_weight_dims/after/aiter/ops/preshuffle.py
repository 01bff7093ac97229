def preshuffle(w, block_k=64):
    N, K = w.shape
    assert K % block_k == 0, "K must be a multiple of the MFMA depth"
    assert N % 16 == 0
    if M_is_small(w):
        return w
    return w


def M_is_small(w):
    return w.shape[0] % 2 == 0


def split_heads(x, head_num, count):
    m = x.shape[0]
    assert m % head_num == 0, "rows must hold whole heads"
    assert x.shape[0] % count == 0
    return x
