# expect-file: uncollectable-test
import torch

if __name__ == "__main__":
    x = torch.randn(64)
    print(torch.sort(x))
