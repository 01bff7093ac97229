from atom.kv.pager import pages_needed


def test_pages_needed_exact_fill():
    assert pages_needed(32, 16) == 2
