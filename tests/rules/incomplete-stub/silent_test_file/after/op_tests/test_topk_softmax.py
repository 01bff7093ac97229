import torch


def run_reference(x):
    # TODO: compare against the asm kernel too
    return torch.softmax(x, dim=-1).topk(8)


def test_fp4_path():
    pass
