from relay import routing


def dispatch(key, a, b):
    return routing._HANDLERS[key][0](a, b)


def check_cached(key, a, b, c):
    assert routing._HANDLERS[key][1]() is not None  # ok: hallucinated-symbol
    table = routing.make_table(4)[0](a, b, c)  # ok: hallucinated-symbol
    routing._RINGS[-1].flush(a, b, c, key)  # ok: hallucinated-symbol
    return table
