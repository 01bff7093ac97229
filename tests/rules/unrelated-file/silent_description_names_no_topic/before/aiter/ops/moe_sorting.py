def moe_sorting(topk_ids, num_experts):
    return topk_ids.argsort(dim=0)
