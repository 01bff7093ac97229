from hypothesis import given, strategies as st


@given(st.integers())
def test_roundtrip(x):
    assert int(str(x)) == x
