import torch.distributed as dist


def gather_rows(x, index, group=None):
    assert x.is_contiguous() and index.dim() == 1, "gather_rows wants a flat index"
    return x[index]


def reduce_rows(x, group=None):
    assert dist.is_initialized(), "call init_process_group first"
    return x.sum(0)
