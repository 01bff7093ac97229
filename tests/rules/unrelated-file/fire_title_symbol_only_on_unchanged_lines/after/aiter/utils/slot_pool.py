import torch

POOL_SLOTS = 256


def flush(pool):
    marker = torch.cuda.Event()
    marker.record()
    pool.clear()
