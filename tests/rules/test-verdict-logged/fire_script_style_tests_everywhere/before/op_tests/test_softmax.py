import torch


def run_softmax(n):
    x = torch.randn(n)
    ref = x.clone()
    out = x.clone()
    err = (out - ref).abs().max().item()
    if err < 1e-3:
        print(f"[softmax] n={n} passed")
    else:
        print(f"[softmax] n={n} failed, max err {err}")
    print("softmax mismatch count:", int((out != ref).sum()))
    print("softmax fail list:", [])
    print("softmax passed shapes:", [n])
    return err


if __name__ == "__main__":
    for n in (16, 256, 4096):
        run_softmax(n)
