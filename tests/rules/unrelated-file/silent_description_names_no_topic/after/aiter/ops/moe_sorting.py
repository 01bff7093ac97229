def moe_sorting(topk_ids, num_experts, token_scale=None):
    order = topk_ids.argsort(dim=0)
    return order, (None if token_scale is None else token_scale[order])
