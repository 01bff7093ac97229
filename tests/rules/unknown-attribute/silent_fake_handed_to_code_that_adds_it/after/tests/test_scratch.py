from atom.cache import scratch


class _FakeStore:
    def __init__(self, layers, width):
        self.layers = layers
        self.width = width


def test_rows_are_shared_between_calls():
    store = _FakeStore(layers=[3, 5], width=8)
    first = scratch.reserve_rows(store, rows=4)
    assert store.staging_rows is first
    assert scratch.reserve_rows(store, rows=4) is first
