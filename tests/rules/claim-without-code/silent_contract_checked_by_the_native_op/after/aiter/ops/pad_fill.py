from torch import Tensor

from ..jit.core import compile_ops


@compile_ops("module_pad_fill", fc_name="pad_fill_rows")
def pad_fill_rows(out: Tensor, rows: Tensor, value: float) -> None: ...


def fill_padding(out: Tensor, rows: Tensor, value: float = 0.0) -> Tensor:
    """Overwrite the listed rows of `out` with `value`.

    Each row's byte size must be a multiple of 32 (the kernel stores 32-byte vectors).
    """
    pad_fill_rows(out, rows, value)
    return out
