def moe_sort(topk_ids, num_experts, backend="flydsl"):  # expect: default-swap-without-rollback
    return _impls[backend](topk_ids, num_experts)


_impls = {}
