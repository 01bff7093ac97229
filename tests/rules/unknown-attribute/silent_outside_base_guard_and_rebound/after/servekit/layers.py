import torch


class Proj(torch.nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim


class Cache:
    def __init__(self):
        self.pages = []
