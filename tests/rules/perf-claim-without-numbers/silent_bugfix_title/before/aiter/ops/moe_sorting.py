import torch


def moe_sorting(topk_ids, num_experts, block_m=32):
    counts = torch.bincount(topk_ids.flatten(), minlength=num_experts)
    padded = (counts + block_m - 1) // block_m * block_m
    return counts, padded
