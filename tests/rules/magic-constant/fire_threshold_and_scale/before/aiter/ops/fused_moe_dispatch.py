import torch


def pick_path(tokens, hidden):
    if tokens <= 128:
        return "small"
    return "large"
