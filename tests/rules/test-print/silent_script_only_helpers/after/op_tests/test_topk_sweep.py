import argparse

import torch

import aiter


def sweep_one(rows, k):
    x = torch.randn(rows, 4096, device="cuda")
    vals, _ = aiter.topk(x, k)
    print(f"rows={rows:6d} k={k:4d} max={vals.max().item():.4f}")
    return vals


def report(shapes):
    for rows, k in shapes:
        sweep_one(rows, k)
    print("sweep finished")


def test_topk_small():
    x = torch.randn(8, 4096, device="cuda")
    vals, _ = aiter.topk(x, 4)
    assert vals.shape == (8, 4)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--k", type=int, default=16)
    args = parser.parse_args()
    report([(1, args.k), (128, args.k)])
