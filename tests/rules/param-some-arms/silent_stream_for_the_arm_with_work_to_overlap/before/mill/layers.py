from typing import Optional

import torch


class ExpertFFN(torch.nn.Module):
    def __init__(self, width, depth, act):
        super().__init__()
        self.width = width


class DenseFFN(torch.nn.Module):
    def __init__(self, width, depth, act):
        super().__init__()
        self.width = width
