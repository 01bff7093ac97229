import pytest
import torch

from aiter.ops.moe_sorting import moe_sorting


@pytest.fixture(scope="module")
def ids_pool():
    return torch.randint(0, 64, (4096, 8), device="cuda")


@pytest.mark.parametrize("tokens", [1, 16, 256, 4096])
def test_counts(tokens, ids_pool):
    counts, _ = moe_sorting(ids_pool[:tokens], 64)
    assert counts.sum().item() == tokens * 8
