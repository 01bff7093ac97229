import torch


def load(path):
    return torch.load(path)
