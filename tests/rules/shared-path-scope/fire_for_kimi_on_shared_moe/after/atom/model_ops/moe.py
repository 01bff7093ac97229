def select_experts(router_logits, top_k, renormalize):
    weights = router_logits.sigmoid()  # expect: shared-path-scope
    if renormalize:
        weights = weights / weights.sum(-1, keepdim=True)
    return weights.topk(top_k)
