import torch


def prefetch(paths, cache):
    for p in paths:
        try:
            cache[p] = torch.load(p, map_location="cpu")
        except Exception:
            pass
    return cache
