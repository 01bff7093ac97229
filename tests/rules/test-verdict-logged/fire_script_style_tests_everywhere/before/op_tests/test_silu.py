import torch


def run_silu(n):
    x = torch.randn(n)
    ref = x.clone()
    out = x.clone()
    err = (out - ref).abs().max().item()
    if err < 1e-3:
        print(f"[silu] n={n} passed")
    else:
        print(f"[silu] n={n} failed, max err {err}")
    print("silu mismatch count:", int((out != ref).sum()))
    print("silu fail list:", [])
    print("silu passed shapes:", [n])
    return err


if __name__ == "__main__":
    for n in (16, 256, 4096):
        run_silu(n)
