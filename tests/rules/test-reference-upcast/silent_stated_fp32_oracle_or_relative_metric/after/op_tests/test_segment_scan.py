import torch

import aiter


def relative_rms(got, want):
    diff = (got.float() - want).pow(2).mean().sqrt()
    return (diff / want.pow(2).mean().sqrt()).item()


def naive_segment_scan(x, lengths):
    acc = []
    start = 0
    for n in lengths:
        acc.append(x[start : start + n].float().cumsum(0))
        start += n
    return torch.cat(acc)


def test_segment_scan():
    x = torch.randn(300, 64, dtype=torch.float16, device="cuda")
    lengths = [100, 50, 150]
    assert relative_rms(aiter.segment_scan(x, lengths), naive_segment_scan(x, lengths)) < 5e-3
