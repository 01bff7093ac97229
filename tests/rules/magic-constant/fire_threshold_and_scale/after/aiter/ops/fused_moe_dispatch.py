import torch


def pick_path(tokens, hidden):
    if tokens <= 128:
        return "small"
    if hidden == 7168 and tokens < 3000:  # expect: magic-constant
        return "medium"
    return "large"


def scale_logits(x):
    return x * 0.0883
