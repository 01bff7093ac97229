from relay import routing


def dispatch(key, a, b):
    return routing._HANDLERS[key][0](a, b)


def check_cached(key, a, b):
    assert routing._HANDLER_CACHE[key][1]() is not None  # expect[red]: hallucinated-symbol
    return routing._HANDLERS[key][0](a, b)
