import pytest
import torch

from aiter.ops.moe_sorting import moe_sorting


@pytest.mark.parametrize("tokens", [1, 16, 256, 4096])
def test_counts(tokens):
    ids = torch.randint(0, 64, (tokens, 8), device="cuda")
    counts, _ = moe_sorting(ids, 64)
    assert counts.sum().item() == tokens * 8
