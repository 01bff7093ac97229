import torch


def run_cumprod(n):
    x = torch.rand(n) + 0.5
    got = torch.cumprod(x, 0)
    want = torch.exp(torch.cumsum(torch.log(x), 0))
    if torch.allclose(got, want, rtol=1e-4):  # expect[note]: test-verdict-logged
        print(f"cumprod n={n} passed")
    else:
        print(f"cumprod n={n} FAILED")
