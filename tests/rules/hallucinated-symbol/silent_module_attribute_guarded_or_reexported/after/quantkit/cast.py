import quantkit
from quantkit import limits


def cast(x):
    a = quantkit.FP8_E4M3_MAX  # ok: re-exported by the package's star import
    b = quantkit.limits.BF16_EPS  # ok: bound inside a module-level block
    c = quantkit.lazy_tables.ROW_TABLE  # ok: __getattr__ answers any name
    d = limits.FP8_E5M2_MAX if hasattr(limits, "FP8_E5M2_MAX") else a  # ok: guarded by hasattr
    try:
        e = limits.FNUZ_MAX  # ok: the try expects it may be missing
    except AttributeError:
        e = a
    limits.RUNTIME_SCALE = b  # ok: a store creates it
    del limits.RUNTIME_SCALE
    f = x * limits.OLD_SCALE  # ok: the base already read it (not new)
    where = quantkit.limits.__file__  # ok: the import system sets module dunders
    return a, b, c, d, e, f, where


def cast_with(x, table=None):
    from quantkit import limits

    if table is not None:
        limits = table
    return x * limits.ANYTHING  # ok: rebound locally, the index cannot tell what it holds
