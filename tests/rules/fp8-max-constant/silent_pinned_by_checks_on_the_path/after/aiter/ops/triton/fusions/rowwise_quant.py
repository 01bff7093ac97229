import torch

from aiter.ops.triton.utils import arch_info

_E4M3_TOP = 448.0


def _check_flavour(dtype_is_fnuz):
    if dtype_is_fnuz:
        raise ValueError("rowwise_quant emits OCP e4m3 codes only")


def rowwise_quant(x, dtype_is_fnuz=False):
    _check_flavour(dtype_is_fnuz)
    amax = x.abs().amax(dim=-1, keepdim=True)
    return (x * (_E4M3_TOP / amax)).to(torch.float8_e4m3fn)


def rowwise_quant_ref(x):
    assert arch_info.get_arch() in ("gfx950", "gfx1250"), "reference follows the OCP archs"
    amax = x.abs().amax(dim=-1, keepdim=True)
    return x * (_E4M3_TOP / amax)


@triton.jit
def _scale_tile(X, USE_F8_DOT: tl.constexpr, IS_FNUZ: tl.constexpr):
    tl.static_assert(not (USE_F8_DOT and IS_FNUZ), "f8 dot path is OCP only")
    x = tl.load(X)
    if USE_F8_DOT:
        x = tl.clamp(x, -448.0, 448.0)
    tl.store(X, x)
