def attention(q, k, v, block_table=None, dropout_p=0.0, window_size=(-1, -1)):
    assert window_size == (-1, -1), "sliding window unsupported"
    if block_table is not None:
        return _paged(q, k, v, block_table, dropout_p)
    elif dropout_p == 0.0:
        return _dense_inference(q, k, v)
    else:
        return _dense(q, k, v, dropout_p=dropout_p)


def _paged(q, k, v, block_table, dropout_p):
    return q


def _dense_inference(q, k, v):
    return q


def _dense(q, k, v, dropout_p):
    return q
