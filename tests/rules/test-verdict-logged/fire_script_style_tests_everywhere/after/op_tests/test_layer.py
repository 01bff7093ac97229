import torch


def run_layer(n):
    x = torch.randn(n)
    ref = x.clone()
    out = x.clone()
    err = (out - ref).abs().max().item()
    if err < 1e-3:
        print(f"[layer] n={n} passed")
    else:
        print(f"[layer] n={n} failed, max err {err}")
    print("layer mismatch count:", int((out != ref).sum()))
    print("layer fail list:", [])
    print("layer passed shapes:", [n])
    return err


if __name__ == "__main__":
    for n in (16, 256, 4096):
        run_layer(n)
