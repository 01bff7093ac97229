import functools

import triton
import triton.language as tl

layout = (4,)


@triton.jit
def _row_scale_kernel(x_ptr, y_ptr, scale, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    part = tl.program_id(axis=1)
    cols = part * BLOCK + tl.arange(0, BLOCK)
    vals = tl.load(x_ptr + row * stride + cols)
    tl.store(y_ptr + row * stride + cols, vals * scale)


def plan_rows(rows):
    layout = (rows,)
    return layout


def row_scale(x, y, scale):
    rows, width = x.shape

    @functools.lru_cache(maxsize=None)
    def narrow_layout(n):
        layout = (n,)
        return layout

    layout = (rows, triton.cdiv(width, 64))
    _row_scale_kernel[layout](x, y, scale, width, BLOCK=64)
    return y
