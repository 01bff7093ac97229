from aiter.ops.triton.utils.arch_info import get_arch


def pack_fp4(x):
    target = get_arch()
    if target == "gfx950":  # expect: arch-literal-dispatch
        return _pack_native(x)
    elif target == "gfx1250":
        return _pack_native_wide(x)
    return _pack_generic(x)


def _lanes(x, target):
    if target not in ("gfx942", "gfx950"):
        raise ValueError(target)
    return 64


def _pick(x, target):
    # checked in one caller only: a third caller path reaches it unchecked
    if target.startswith("gfx95"):  # expect: arch-literal-dispatch
        return _pack_native(x).shape[-1]
    return 1


def checked(x, target):
    _lanes(x, target)
    return _pick(x, target)


def unchecked(x, target):
    return _pick(x, target)


def _pack_generic(x):
    return x


def _pack_native(x):
    return x


def _pack_native_wide(x):
    return x
