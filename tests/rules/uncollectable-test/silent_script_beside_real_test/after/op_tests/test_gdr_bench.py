import torch

if __name__ == "__main__":
    print(torch.randn(4))
