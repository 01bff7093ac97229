def select_moe_path(num_experts, top_k, use_ep):
    if use_ep:
        block_m = 32
    else:
        if num_experts > 128:
            block_m = 64
        elif num_experts > 64:
            block_m = 128
    return "fused", top_k, block_m  # expect[red]: unbound-local
