from vendorlib.routing import choose


def route(scores):
    return choose(scores, 2, renorm=True)


def route_local(scores):
    # The repository's own selector, under the vendor's name for this function only.
    from ringpipe.select import pick_top as choose

    return choose(scores, 2, stable=True)  # expect[red]: hallucinated-symbol
