import argparse
import time


def pick_batch(mode):
    if mode == "short":
        batches = [1, 2, 4]
    elif mode == "long":
        batches = [8, 16, 32, 64]
    return batches  # expect[warn]: unbound-local


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="short")
    args = parser.parse_args()
    start = time.time()
    for b in pick_batch(args.mode):
        print(b, time.time() - start)


if __name__ == "__main__":
    main()
