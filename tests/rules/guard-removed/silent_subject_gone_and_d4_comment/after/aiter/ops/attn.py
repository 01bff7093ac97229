import torch


def attn(q, k, block_table):
    # the kernel requires the block table to be int32
    return q @ k.T
