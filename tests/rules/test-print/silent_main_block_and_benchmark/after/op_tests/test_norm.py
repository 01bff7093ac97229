import torch


def test_norm():
    # print("debug") stays a comment
    assert torch.ones(3).norm() > 0


if __name__ == "__main__":
    print("running norm by hand")
    test_norm()
