import torch

from atom.ops.rotary import apply_rotary


def run(n: int = 4096):
    x = torch.randn(n, 128)
    cos, sin = torch.randn(n, 64), torch.randn(n, 64)
    return apply_rotary(x, cos, sin, interleaved=True)
