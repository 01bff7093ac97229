import torch


def load(path):
    try:
        return torch.load(path)
    except Exception:  # noqa: BLE001 - the cache is optional on old torch
        pass
