import ringpipe.select as sel
from ringpipe.select import pick_top as choose


def merge(left, right):
    return left + right


def route(scores):
    return merge(choose(scores, 2), sel.pick_sorted(scores))
