def select_moe_path(num_experts, top_k, use_ep):
    return "fused", top_k
