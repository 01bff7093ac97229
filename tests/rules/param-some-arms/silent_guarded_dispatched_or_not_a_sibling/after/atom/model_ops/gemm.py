import logging

from atom.model_ops.kernels import asm_gemm, ck_gemm, hipb_gemm, torch_gemm

logger = logging.getLogger(__name__)


def gemm_fp8(x, w, x_scale, w_scale, out_dtype, backend="ck", splitk=1):
    # Every non-default split-K is rejected on the backends that do not take it.
    assert splitk == 1 or backend in ("asm", "ck"), "split-K needs the asm or ck backend"
    if backend == "asm":
        return asm_gemm(x, w, x_scale, w_scale, out_dtype=out_dtype, splitk=splitk)
    elif backend == "ck":
        return ck_gemm(x, w, x_scale, w_scale, out_dtype=out_dtype, splitk=splitk)
    else:
        return hipb_gemm(x, w, x_scale, w_scale, out_dtype=out_dtype)


def gemm_bf16(x, w, bias=None, backend="hipb", use_torch=False):
    # The chain dispatches on the new flag itself: no arm is left behind.
    if backend == "hipb" and not use_torch:
        return hipb_gemm(x, w, bias=bias)
    else:
        return torch_gemm(x, w, bias=bias)


def gemm_any(x, w, bias=None, solution_idx=-1):
    if x.dtype.itemsize == 1:
        return hipb_gemm(x, w, None, None, out_dtype=None, bias=bias, solution_idx=solution_idx)
    else:
        # The other arm's call shares one argument with the wired one: not a sibling launch.
        logger.debug("fallback gemm for %s", x.dtype)
        return x @ w.t()


def gemm_new(x, w, bias=None, backend="hipb", fast=False):
    # A function the PR adds: its arms are all new, nothing was left behind.
    if backend == "hipb":
        return hipb_gemm(x, w, bias=bias, fast=fast)
    else:
        return torch_gemm(x, w, bias=bias)


def gemm_w4(x, w, w_scale, use_asm=False, use_torch=False, zero_points=None, packed=None):
    # Rejected exactly where the torch arm would get it (`use_torch and (... or ...)`).
    if use_torch and (zero_points is not None or packed is True):
        raise NotImplementedError("the torch fallback takes neither zero points nor packed weights")
    if use_asm:
        return asm_gemm(x, w, None, w_scale, out_dtype=None, zero_points=zero_points, packed=packed)
    elif use_torch:
        return torch_gemm(x, w, None, w_scale, out_dtype=None)
    else:
        return ck_gemm(x, w, None, w_scale, out_dtype=None, zero_points=zero_points, packed=packed)


def _check_route(backend, fused):
    if fused and backend != "ck":
        raise NotImplementedError("the fused epilogue needs the ck backend")


def gemm_epilogue(x, w, backend="ck", fused_gelu=False):
    # The route is validated by a helper that raises.
    if fused_gelu:
        _check_route(backend, fused_gelu)
    if backend == "ck":
        return ck_gemm(x, w, None, None, out_dtype=None, fused_gelu=fused_gelu)
    else:
        return hipb_gemm(x, w, None, None, out_dtype=None)


def gemm_tiles(x, w, backend="ck", tiles_per_cu=2):
    # A count: the other backend runs at its own speed, to the same result.
    if backend == "ck":
        return ck_gemm(x, w, None, None, out_dtype=None, tiles_per_cu=tiles_per_cu)
    else:
        return hipb_gemm(x, w, None, None, out_dtype=None)
