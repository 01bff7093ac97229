# expect-file: uncollectable-test
import torch


def run(m, n):
    x = torch.randn(m, n)
    print((x - x).abs().max())


def main():
    for m in (1, 16, 256):
        run(m, 128)


if __name__ == "__main__":
    main()
