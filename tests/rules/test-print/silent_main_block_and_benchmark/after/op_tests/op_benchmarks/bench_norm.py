import torch

print("benchmark scripts may print their tables", torch.ones(3).norm())
