import torch

from aiter import moe_sorting
from aiter.test_common import checkAllclose


def test_sorting_block_sizes(topk_ids, weights, num_experts):
    out_32 = moe_sorting(topk_ids, weights, num_experts, block_size=32)
    out_64 = moe_sorting(topk_ids, weights, num_experts, block_size=64)
    checkAllclose(out_32, out_64)


def test_sorting_deterministic(topk_ids, weights, num_experts):
    first = moe_sorting(topk_ids, weights, num_experts, block_size=32)
    again = moe_sorting(topk_ids, weights, num_experts, block_size=32)
    checkAllclose(first, again)


def test_dense_vs_indexed(x, idx):
    ref_dense = moe_sorting(x, None, 8)
    out_indexed = moe_sorting(x, idx, 8)
    checkAllclose(out_indexed, ref_dense)
