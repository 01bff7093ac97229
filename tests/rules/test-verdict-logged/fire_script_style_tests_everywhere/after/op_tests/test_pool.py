import torch


def run_pool(n):
    x = torch.randn(n)
    ref = x.clone()
    out = x.clone()
    err = (out - ref).abs().max().item()
    if err < 1e-3:
        print(f"[pool] n={n} passed")
    else:
        print(f"[pool] n={n} failed, max err {err}")
    print("pool mismatch count:", int((out != ref).sum()))
    print("pool fail list:", [])
    print("pool passed shapes:", [n])
    return err


if __name__ == "__main__":
    for n in (16, 256, 4096):
        run_pool(n)
