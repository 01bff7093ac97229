import torch


def top_p_renorm(probs, top_p: float):
    kept = probs.clone()
    kept[probs.cumsum(-1) > top_p] = 0
    return kept / kept.sum(-1, keepdim=True)
