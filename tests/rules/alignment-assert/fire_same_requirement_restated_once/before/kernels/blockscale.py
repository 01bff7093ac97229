import torch


def alloc_block_scale(M, N, device):
    return torch.empty((M, N // 128), dtype=torch.uint8, device=device)
