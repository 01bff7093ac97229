def moe_sort(topk_ids, num_experts, backend="flydsl"):
    return _impls[backend](topk_ids, num_experts)


_impls = {}
