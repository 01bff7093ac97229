import torch


def test_sort():
    err = (torch.sort(torch.ones(4)).values - 1).abs().max().item()
    if err < 1e-6:
        print("passed")
    else:
        print("failed")
    assert err < 1e-6
