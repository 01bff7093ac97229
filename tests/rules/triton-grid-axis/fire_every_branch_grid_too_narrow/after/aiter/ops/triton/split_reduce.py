import torch
import triton
import triton.language as tl


@triton.jit
def _split_reduce_kernel(x_ptr, out_ptr, n, SPLITS: tl.constexpr, BLOCK: tl.constexpr, WIDE: tl.constexpr):
    if WIDE:
        row = tl.program_id(0)
        split = tl.program_id(2)  # expect[red]: triton-grid-axis
    else:
        row = tl.program_id(0)
        split = 0
    offs = split * BLOCK + tl.arange(0, BLOCK)
    vals = tl.load(x_ptr + row * n + offs, mask=offs < n, other=0.0)
    tl.atomic_add(out_ptr + row, tl.sum(vals, axis=0))


def split_reduce(x: torch.Tensor, splits: int = 4) -> torch.Tensor:
    rows, n = x.shape
    out = torch.zeros(rows, device=x.device, dtype=torch.float32)
    wide = n > 4096
    if wide:
        grid = (rows, splits)
    else:
        grid = (rows,)
    _split_reduce_kernel[grid](x, out, n, SPLITS=splits, BLOCK=1024, WIDE=wide)
    return out
