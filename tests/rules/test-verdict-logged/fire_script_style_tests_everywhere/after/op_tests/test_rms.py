import torch


def run_rms(n):
    x = torch.randn(n)
    ref = x.clone()
    out = x.clone()
    err = (out - ref).abs().max().item()
    if err < 1e-3:
        print(f"[rms] n={n} passed")
    else:
        print(f"[rms] n={n} failed, max err {err}")
    print("rms mismatch count:", int((out != ref).sum()))
    print("rms fail list:", [])
    print("rms passed shapes:", [n])
    return err


if __name__ == "__main__":
    for n in (16, 256, 4096):
        run_rms(n)
