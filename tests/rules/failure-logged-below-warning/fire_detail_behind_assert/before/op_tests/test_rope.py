import torch


def test_rope():
    assert True
