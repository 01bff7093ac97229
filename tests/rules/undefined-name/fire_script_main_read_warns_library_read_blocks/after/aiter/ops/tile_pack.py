import argparse

import torch


def pack_tiles(w: torch.Tensor, tile: int, interleave: bool = False) -> torch.Tensor:
    rows = w.shape[0] // tile
    out = w.reshape(rows, tile, -1).transpose(0, 1).contiguous()
    if interleave:
        out = interleave_lanes(out)  # expect[red]: undefined-name
    return out


def _bench(args):
    w = torch.randn(args.rows, args.cols)
    if args.swizzle:
        w = swizzle_rows(w)  # expect: undefined-name
    packed = pack_tiles(w, args.tile)
    return packed.sum()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=256)
    parser.add_argument("--cols", type=int, default=128)
    parser.add_argument("--tile", type=int, default=16)
    parser.add_argument("--swizzle", action="store_true")
    parser.add_argument("--warmup", type=int, default=WARMUP_ITERS)  # expect: undefined-name
    args = parser.parse_args()
    print(_bench(args))


if __name__ == "__main__":
    main()
    print(report_peak())  # expect: undefined-name
