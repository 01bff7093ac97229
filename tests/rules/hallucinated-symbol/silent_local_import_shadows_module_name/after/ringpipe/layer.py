import ringpipe.select as sel
from ringpipe.select import pick_top as choose


def merge(left, right):
    return left + right


def route(scores):
    return merge(choose(scores, 2), sel.pick_sorted(scores))


def route_grouped(scores, groups):
    # The vendor's routing helpers replace the module's own names inside this function.
    import vendorlib.grouping as sel
    from vendorlib.routing import choose, merge

    buckets = sel.bucketize(scores, groups)
    picked = choose(buckets, 4, groups=groups, renorm=False)
    return merge(picked, buckets, axis=0)
