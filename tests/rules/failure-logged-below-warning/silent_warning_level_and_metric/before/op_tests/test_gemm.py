import torch


def test_gemm():
    assert True
