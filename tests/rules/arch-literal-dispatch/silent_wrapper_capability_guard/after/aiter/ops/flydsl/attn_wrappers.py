import torch


def flydsl_attn_dense(q, k, v, dropout_p=0.0, bias=None):
    """Dense attention on the FlyDSL backend (gfx1250 only).

    Returns None when this backend cannot serve the call so the caller falls back.
    """
    from ...jit.utils.chip_info import get_gfx

    usable = get_gfx() == "gfx1250" and q.dtype == torch.bfloat16 and dropout_p == 0.0 and bias is None
    if not usable:
        return None
    return _launch(q, k, v)


def flydsl_attn_paged(q, k, v, block_table):
    from ...jit.utils.chip_info import get_gfx

    if get_gfx() == "gfx950" and block_table is not None:
        return _launch(q, k, v)
    return None


def flydsl_attn_check(q):
    from ...jit.utils.chip_info import get_gfx

    if get_gfx() != "gfx942":
        raise RuntimeError("this kernel needs gfx942")
    return q


def _launch(q, k, v):
    return q


def fp4_index_usable(index_dtype, warn=True):
    from ...jit.utils.chip_info import get_gfx

    if index_dtype != "fp4":
        return False
    if get_gfx() != "gfx955":
        if warn:
            print("fp4 index needs gfx955; falling back")
        return False
    return True
