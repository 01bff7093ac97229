import torch


def run_gelu(n):
    x = torch.randn(n)
    ref = x.clone()
    out = x.clone()
    err = (out - ref).abs().max().item()
    if err < 1e-3:
        print(f"[gelu] n={n} passed")
    else:
        print(f"[gelu] n={n} failed, max err {err}")
    print("gelu mismatch count:", int((out != ref).sum()))
    print("gelu fail list:", [])
    print("gelu passed shapes:", [n])
    return err


if __name__ == "__main__":
    for n in (16, 256, 4096):
        run_gelu(n)
