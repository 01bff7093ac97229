import torch


def run_topk(n):
    x = torch.randn(n)
    ref = x.clone()
    out = x.clone()
    err = (out - ref).abs().max().item()
    if err < 1e-3:
        print(f"[topk] n={n} passed")
    else:
        print(f"[topk] n={n} failed, max err {err}")
    print("topk mismatch count:", int((out != ref).sum()))
    print("topk fail list:", [])
    print("topk passed shapes:", [n])
    return err


if __name__ == "__main__":
    for n in (16, 256, 4096):
        run_topk(n)
