import torch
from torch import nn


class HeronMixer(nn.Module):
    def __init__(self, width: int):
        super().__init__()
        self.width = width

    def forward(self, x: torch.Tensor, lens: torch.Tensor) -> torch.Tensor:
        y = self.proj(x)
        for n in lens.tolist():
            y = self.step(y, n)
        if lens.max().item() > self.width:
            y = self.clip(y)
        return self.out(y)
