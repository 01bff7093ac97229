import torch


def run_sort(n):
    x = torch.randn(n)
    ref = x.clone()
    out = x.clone()
    err = (out - ref).abs().max().item()
    if err < 1e-3:
        print(f"[sort] n={n} passed")
    else:
        print(f"[sort] n={n} failed, max err {err}")
    print("sort mismatch count:", int((out != ref).sum()))
    print("sort fail list:", [])
    print("sort passed shapes:", [n])
    return err


if __name__ == "__main__":
    for n in (16, 256, 4096):
        run_sort(n)
