def select_experts(router_logits, top_k, renormalize):
    weights = router_logits.softmax(-1)
    if renormalize:
        weights = weights / weights.sum(-1, keepdim=True)
    return weights.topk(top_k)
