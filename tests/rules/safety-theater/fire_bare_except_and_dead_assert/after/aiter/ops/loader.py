import torch


def load(path):
    assert (path, "path must be set")  # expect: safety-theater
    try:
        return torch.load(path)
    except:  # expect: safety-theater
        pass
