from aiter import fused_moe


def run(x, w1, w2, topk_ids, act="silu"):
    return fused_moe(x, w1, w2, topk_ids, activation=act)
