from aiter.ops.topk_impl import TopkImpl
from aiter.ops.topk_fused import fused_topk_stable

_IMPL = TopkImpl()


def topk(scores, k, tie_break="lowest_index"):
    if tie_break == "lowest_index" and k <= 64:  # expect[warn]: string-dispatch
        return fused_topk_stable(scores, k)
    return _IMPL.select(scores, k, tie_break=tie_break)
