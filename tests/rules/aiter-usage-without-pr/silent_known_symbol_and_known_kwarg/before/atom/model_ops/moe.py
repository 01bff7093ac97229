from aiter import fused_moe


def run(x, w1, w2, topk_ids):
    return fused_moe(x, w1, w2, topk_ids, activation="silu")
