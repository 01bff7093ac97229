import torch


def top_p_renorm_probs(probs, top_p: float):  # expect[warn]: public-op-break
    kept = probs.clone()
    kept[probs.cumsum(-1) > top_p] = 0
    return kept / kept.sum(-1, keepdim=True)
