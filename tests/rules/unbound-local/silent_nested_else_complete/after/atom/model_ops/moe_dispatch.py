def select_block_m(num_experts, use_ep):
    if use_ep:
        block_m = 32
    else:
        if num_experts > 128:
            block_m = 64
        else:
            block_m = 128
    return block_m
