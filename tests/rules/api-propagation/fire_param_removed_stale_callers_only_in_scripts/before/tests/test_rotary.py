import torch

from atom.ops.rotary import apply_rotary


def test_identity_angle():
    x = torch.randn(2, 8)
    out = apply_rotary(x, torch.ones(2, 4), torch.zeros(2, 4), interleaved=False)
    torch.testing.assert_close(out, x)
