import torch


def test_rope():
    x = torch.randn(4, 128)
    err = (x * 0.37).abs().max()
    assert err < 0.0173
