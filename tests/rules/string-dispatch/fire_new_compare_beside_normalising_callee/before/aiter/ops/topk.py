from aiter.ops.topk_impl import TopkImpl

_IMPL = TopkImpl()


def topk(scores, k, tie_break="lowest_index"):
    return _IMPL.select(scores, k, tie_break=tie_break)
