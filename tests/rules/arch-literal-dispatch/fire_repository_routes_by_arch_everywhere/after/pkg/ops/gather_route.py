from .arch import current_arch


def gather_launch(x):
    arch = current_arch()
    if arch == "gfx942":
        return _gather_wave64(x)
    elif arch == "gfx950":
        return _gather_wide(x)
    elif arch == "gfx90a":
        return _gather_legacy(x)
    block = 256 if arch == "gfx950" else 128
    if arch != "gfx942" and block > 128:
        return _gather_split(x, block)
    return _gather_generic(x)


def _gather_wave64(x):
    return x


def _gather_wide(x):
    return x


def _gather_legacy(x):
    return x


def _gather_split(x, block):
    return x


def _gather_generic(x):
    return x
