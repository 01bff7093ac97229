import torch


def check_layernorm(x, weight, dtype):
    out = layernorm(x, weight)
    ref = torch.nn.functional.layer_norm(x.float(), x.shape[-1:], weight.float()).to(dtype)
    tol = 1e-3
    assert torch.allclose(out, ref, atol=tol, rtol=tol)
