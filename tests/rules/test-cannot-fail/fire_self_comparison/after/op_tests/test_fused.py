import torch


def test_fused():
    out = fused(x)
    ref = out
    torch.testing.assert_close(out, out)  # expect: test-cannot-fail
