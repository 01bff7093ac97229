import pytest


@pytest.mark.parametrize("num_heads", [128, 32])
def test_fused_qk_norm(num_heads):
    pass
