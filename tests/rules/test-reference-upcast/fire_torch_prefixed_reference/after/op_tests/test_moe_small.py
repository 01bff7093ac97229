import torch


def torch_moe(x, w):
    acc = x.to(torch.float32) @ w.to(torch.float32)  # expect: test-reference-upcast
    return acc


def test_moe():
    x = torch.randn(4, 8, dtype=torch.bfloat16)
    assert torch_moe(x, x.T) is not None
