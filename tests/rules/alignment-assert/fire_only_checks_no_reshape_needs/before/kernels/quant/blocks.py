import torch


def block_count(rows, block):
    return (rows + block - 1) // block
