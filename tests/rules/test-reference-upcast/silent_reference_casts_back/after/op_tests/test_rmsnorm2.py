import torch


def ref_rmsnorm(x, w, eps):
    dtype = x.dtype
    x = x.float()
    var = x.pow(2).mean(-1, keepdim=True)
    return (x * torch.rsqrt(var + eps)).to(dtype) * w


def test_rmsnorm():
    x = torch.randn(16, 128, dtype=torch.bfloat16)
    assert ref_rmsnorm(x, x[0], 1e-6) is not None
