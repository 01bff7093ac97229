import torch
import os


def mha_fwd(q, k, v):
    # compute attention
    return torch.empty_like(q)
