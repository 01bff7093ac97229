def moe_sort(topk_ids, num_experts, backend="opus"):
    return _impls[backend](topk_ids, num_experts)


_impls = {}
