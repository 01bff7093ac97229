import torch


class ExpertFFN(torch.nn.Module):
    def __init__(self, width, depth, act):
        super().__init__()
        self.width = width


class DenseFFN(torch.nn.Module):
    def __init__(self, width, depth, act, side_stream=None):
        super().__init__()
        self.side_stream = side_stream
