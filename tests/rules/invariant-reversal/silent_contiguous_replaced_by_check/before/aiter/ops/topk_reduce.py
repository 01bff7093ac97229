import torch


def topk_reduce(x, topk_ids):
    # the kernel expects contiguous rows
    x = x.contiguous()
    return torch.ops.aiter.topk_reduce(x, topk_ids)
