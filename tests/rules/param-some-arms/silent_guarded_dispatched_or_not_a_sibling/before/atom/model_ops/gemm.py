import logging

from atom.model_ops.kernels import asm_gemm, ck_gemm, hipb_gemm, torch_gemm

logger = logging.getLogger(__name__)


def gemm_fp8(x, w, x_scale, w_scale, out_dtype, backend="ck"):
    if backend == "asm":
        return asm_gemm(x, w, x_scale, w_scale, out_dtype=out_dtype)
    elif backend == "ck":
        return ck_gemm(x, w, x_scale, w_scale, out_dtype=out_dtype)
    else:
        return hipb_gemm(x, w, x_scale, w_scale, out_dtype=out_dtype)


def gemm_bf16(x, w, bias=None, backend="hipb"):
    if backend == "hipb":
        return hipb_gemm(x, w, bias=bias)
    else:
        return torch_gemm(x, w, bias=bias)


def gemm_any(x, w, bias=None):
    if x.dtype.itemsize == 1:
        return hipb_gemm(x, w, None, None, out_dtype=None, bias=bias)
    else:
        logger.debug("fallback gemm for %s", x.dtype)
        return x @ w.t()


def gemm_w4(x, w, w_scale, use_asm=False, use_torch=False):
    if use_asm:
        return asm_gemm(x, w, None, w_scale, out_dtype=None)
    elif use_torch:
        return torch_gemm(x, w, None, w_scale, out_dtype=None)
    else:
        return ck_gemm(x, w, None, w_scale, out_dtype=None)


def _check_route(backend, fused):
    if fused and backend != "ck":
        raise NotImplementedError("the fused epilogue needs the ck backend")


def gemm_epilogue(x, w, backend="ck"):
    if backend == "ck":
        return ck_gemm(x, w, None, None, out_dtype=None)
    else:
        return hipb_gemm(x, w, None, None, out_dtype=None)


def gemm_tiles(x, w, backend="ck"):
    if backend == "ck":
        return ck_gemm(x, w, None, None, out_dtype=None)
    else:
        return hipb_gemm(x, w, None, None, out_dtype=None)
