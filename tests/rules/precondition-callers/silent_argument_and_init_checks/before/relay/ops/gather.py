import torch.distributed as dist


def gather_rows(x, index, group=None):
    return x[index]


def reduce_rows(x, group=None):
    return x.sum(0)
