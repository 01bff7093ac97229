import torch


def pool_v1(x, window=4):
    return _launch_pool_v1(x, window)  # expect[red]: undefined-name


def pool(x, window=4):
    if window > 8:
        return pool_v1(x, window)
    return x.mean(dim=-1, keepdim=True)
