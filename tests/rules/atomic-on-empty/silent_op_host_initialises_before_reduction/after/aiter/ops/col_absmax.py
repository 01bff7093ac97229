import torch

from aiter.jit.core import compile_ops


@compile_ops("module_col_absmax")
def col_absmax(peak: torch.Tensor, x: torch.Tensor) -> None: ...


def int8_step(x):
    peak = torch.empty(1, device=x.device, dtype=torch.float32)  # ok: the op seeds it first
    col_absmax(peak, x)
    return peak / 127.0
