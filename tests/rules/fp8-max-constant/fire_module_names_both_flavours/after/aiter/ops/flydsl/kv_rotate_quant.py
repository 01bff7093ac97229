import torch
import triton
import triton.language as tl

from aiter.jit.utils.chip_info import get_gfx

_FNUZ_ARCH = get_gfx() == "gfx942"

KV_QUANT_DTYPE = torch.float8_e4m3fnuz if _FNUZ_ARCH else torch.float8_e4m3fn
KV_QUANT_LIMIT = 448.0


@triton.jit
def _clamp_store(src, dst, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(src + offs, mask=offs < n)
    v = tl.minimum(tl.maximum(v, -448.0), 448.0)  # expect: fp8-max-constant
    tl.store(dst + offs, v.to(dst.dtype.element_ty), mask=offs < n)


def rotate(x: torch.Tensor, r: torch.Tensor) -> torch.Tensor:
    return x @ r


def rotate_quant(x: torch.Tensor, r: torch.Tensor):
    y = rotate(x, r)
    scale = y.abs().amax().clamp(min=1e-6) / KV_QUANT_LIMIT
    out = torch.empty_like(y, dtype=KV_QUANT_DTYPE)
    n = y.numel()
    _clamp_store[(triton.cdiv(n, 256),)]((y / scale).contiguous(), out, n, BLOCK=256)
    return out, scale
