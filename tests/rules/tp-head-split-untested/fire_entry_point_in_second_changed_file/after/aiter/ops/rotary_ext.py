import torch


def rotary_apply(x, cos, sin, n_heads):  # expect: tp-head-split-untested
    return x.view(-1, n_heads, 64) * cos + x.view(-1, n_heads, 64) * sin
