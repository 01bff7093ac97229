import torch
import triton
import triton.language as tl


@triton.jit
def _axpy_kernel(x_ptr, y_ptr, out_ptr, a, n, stride_x, stride_y, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs * stride_x, mask=m)
    tl.store(out_ptr + offs, a * x + tl.load(y_ptr + offs * stride_y, mask=m), mask=m)


def axpy(a: float, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    _axpy_kernel[(triton.cdiv(x.numel(), 1024),)](x, y, out, a, x.numel(), 1, 1, BLOCK=1024)
    return out
