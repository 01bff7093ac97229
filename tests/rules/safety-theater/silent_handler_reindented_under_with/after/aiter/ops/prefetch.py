import threading

import torch

_LOCK = threading.Lock()


def prefetch(paths, cache):
    with _LOCK:
        for p in paths:
            try:
                cache[p] = torch.load(p, map_location="cpu")
            except Exception:
                pass
    return cache
