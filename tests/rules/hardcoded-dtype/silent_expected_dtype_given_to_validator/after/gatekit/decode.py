import torch


def _expect(name, t, *, dtype, rank):
    if t.ndim != rank:
        raise ValueError(f"{name} must have rank {rank}")
    if t.dtype != dtype:
        raise ValueError(f"{name} must be {dtype}, got {t.dtype}")


def gate_decode(x, w, out_dtype=None):
    # The packed gate kernel only reads bf16 activations and weights.
    _expect("x", x, dtype=torch.bfloat16, rank=2)
    _expect("w", w, dtype=torch.bfloat16, rank=3)
    y = gate_kernel(x, w)
    return y.to(out_dtype or x.dtype)
