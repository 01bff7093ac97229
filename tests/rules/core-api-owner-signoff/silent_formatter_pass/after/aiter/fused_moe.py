def moe_sorting(
    topk_ids,
    topk_weights,
    num_experts,
    block_size=32,
    expert_mask=None,
):
    return _sort(
        topk_ids, topk_weights, num_experts, block_size, expert_mask, "default"
    )
