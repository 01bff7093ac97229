import pytest


@pytest.mark.parametrize("n_heads", [64])
def test_rotary_apply(n_heads):
    pass
