import torch


def fused_norm(x, w, eps=1e-6):
    assert not torch.cuda.is_current_stream_capturing(), "fused_norm allocates scratch"  # expect: precondition-callers
    scratch = torch.empty_like(x)
    torch.mul(x, x, out=scratch)
    y = x * torch.rsqrt(scratch.mean(-1, keepdim=True) + eps)
    return y * w
