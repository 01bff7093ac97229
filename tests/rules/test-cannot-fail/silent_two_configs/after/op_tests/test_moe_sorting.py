import torch

from aiter import moe_sorting
from aiter.test_common import checkAllclose


def test_sorting_block_sizes(topk_ids, weights, num_experts):
    out_32 = moe_sorting(topk_ids, weights, num_experts, block_size=32)
    out_64 = moe_sorting(topk_ids, weights, num_experts, block_size=64)
    checkAllclose(out_32, out_64)
