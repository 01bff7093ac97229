import torch


def apply_rope(x, cos, sin):
    return x * cos + torch.roll(x, 1, -1) * sin
