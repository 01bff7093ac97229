import os


def moe_sort(topk_ids, num_experts, backend="flydsl"):
    # Temporary rollback while the new sort is validated.
    backend = os.environ.get("AITER_MOE_SORT_BACKEND", backend)
    return _impls[backend](topk_ids, num_experts)


_impls = {}
