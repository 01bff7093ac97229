from .arch import current_arch


def norm_launch(x):
    arch = current_arch()
    if arch == "gfx942":
        return _norm_wave64(x)
    elif arch == "gfx950":
        return _norm_wide(x)
    elif arch == "gfx90a":
        return _norm_legacy(x)
    block = 256 if arch == "gfx950" else 128
    if arch != "gfx942" and block > 128:
        return _norm_split(x, block)
    return _norm_generic(x)


def _norm_wave64(x):
    return x


def _norm_wide(x):
    return x


def _norm_legacy(x):
    return x


def _norm_split(x, block):
    return x


def _norm_generic(x):
    return x
