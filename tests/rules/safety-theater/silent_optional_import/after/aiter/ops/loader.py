import torch

try:
    import triton
except Exception:
    pass


def load(path):
    return torch.load(path)
