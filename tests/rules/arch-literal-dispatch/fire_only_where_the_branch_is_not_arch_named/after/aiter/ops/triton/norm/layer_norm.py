import triton

from aiter.ops.triton._triton_kernels.norm.layer_norm import _layer_norm_kernel, _layer_norm_wide
from aiter.ops.triton._gluon_kernels.norm.layer_norm import layer_norm_gluon_gfx1250, row_pack_gfx950
from aiter.ops.triton.utils.arch_info import get_arch


def layer_norm(x, weight, eps=1e-5):
    rows, cols = x.shape
    out = x.new_empty(rows, cols)
    # The gfx1250 kernel uses the TDM copy engine; other archs keep the Triton path.
    if get_arch() == "gfx1250" and cols % 256 == 0:  # ok: arch-literal-dispatch
        layer_norm_gluon_gfx1250[(rows,)](x, weight, out, cols, eps)
    else:
        _layer_norm_kernel[(rows,)](x, weight, out, cols, eps)
    pack = row_pack_gfx950 if get_arch() == "gfx950" else None  # ok: arch-literal-dispatch
    return out if pack is None else pack(out)


def layer_norm_wide(x, weight, eps=1e-5):
    rows, cols = x.shape
    out = x.new_empty(rows, cols)
    if get_arch() == "gfx942":  # expect: arch-literal-dispatch
        _layer_norm_wide[(rows,)](x, weight, out, cols, eps)
    else:
        _layer_norm_kernel[(rows,)](x, weight, out, cols, eps)
    return out
