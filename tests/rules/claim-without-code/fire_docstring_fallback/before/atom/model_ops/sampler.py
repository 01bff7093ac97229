import torch


def sample(logits, top_k):
    return torch.argmax(logits, dim=-1)
