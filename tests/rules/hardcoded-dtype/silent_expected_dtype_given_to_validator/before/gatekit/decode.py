import torch


def _expect(name, t, *, dtype, rank):
    if t.ndim != rank:
        raise ValueError(f"{name} must have rank {rank}")
    if t.dtype != dtype:
        raise ValueError(f"{name} must be {dtype}, got {t.dtype}")


def gate_decode(x, w, out_dtype=None):
    y = gate_kernel(x, w)
    return y.to(out_dtype or x.dtype)
