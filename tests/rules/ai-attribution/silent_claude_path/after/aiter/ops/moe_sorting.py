import torch


def moe_sorting(topk_ids, num_experts, block_m=32):
    flat = topk_ids.reshape(-1)
    counts = torch.zeros(num_experts, dtype=torch.int32, device=flat.device)
    counts.scatter_add_(0, flat.long(), torch.ones_like(flat, dtype=torch.int32))
    padded = (counts + block_m - 1) // block_m * block_m
    return counts, padded
