import torch


def test_softmax():
    x = torch.randn(4, 64)
    y = torch.softmax(x, dim=-1)
    print(f"row sums {y.sum(-1)}")  # expect: test-print
    assert torch.allclose(y.sum(-1), torch.ones(4))
