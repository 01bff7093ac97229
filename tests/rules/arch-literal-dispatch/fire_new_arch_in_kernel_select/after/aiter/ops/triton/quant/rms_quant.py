import triton

from aiter.ops.triton._triton_kernels.quant.rms_quant import _rms_quant_kernel
from aiter.ops.triton._gluon_kernels.quant.rms_quant import _rms_quant_gluon
from aiter.ops.triton.utils.arch_info import get_arch


def rms_quant(x, weight, eps=1e-6, backend="auto"):
    rows, cols = x.shape
    out = x.new_empty(rows, cols)
    grid = (triton.cdiv(rows, 4),)
    kernel = (
        _rms_quant_gluon
        if backend in ("auto", "gluon") and get_arch() == "gfx1250"  # expect: arch-literal-dispatch
        else _rms_quant_kernel
    )
    kernel[grid](x, weight, out, rows, cols, eps)
    if get_arch() == "gfx1250":
        out = out.contiguous()
    return out
