import pytest


@pytest.mark.parametrize("num_heads", [128])
def test_fused_qk_norm(num_heads):
    pass
