import torch


def load(path):
    try:
        w = torch.load(path)
        shuffle_weight(w)
    except Exception:  # expect: safety-theater
        pass
    return None
