import torch


def rotate(x: torch.Tensor, r: torch.Tensor) -> torch.Tensor:
    return x @ r
