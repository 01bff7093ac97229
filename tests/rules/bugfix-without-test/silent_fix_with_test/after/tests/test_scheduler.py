from atom.model_engine.scheduler import num_blocks


def test_partial():
    assert num_blocks(5, 4) == 2
