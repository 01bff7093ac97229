import argparse

import torch


def pack_tiles(w: torch.Tensor, tile: int) -> torch.Tensor:
    rows = w.shape[0] // tile
    return w.reshape(rows, tile, -1).transpose(0, 1).contiguous()


def _bench(args):
    w = torch.randn(args.rows, args.cols)
    packed = pack_tiles(w, args.tile)
    return packed.sum()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=256)
    parser.add_argument("--cols", type=int, default=128)
    parser.add_argument("--tile", type=int, default=16)
    args = parser.parse_args()
    print(_bench(args))


if __name__ == "__main__":
    main()
