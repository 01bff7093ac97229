import torch


def test_cumsum():
    x = torch.ones(8)
    if torch.equal(torch.cumsum(x, 0), torch.arange(1, 9).float()):  # expect: test-verdict-logged
        print("OK")
    else:
        print("mismatch")
