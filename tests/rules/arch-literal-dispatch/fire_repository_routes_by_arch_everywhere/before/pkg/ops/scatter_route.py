from .arch import current_arch


def scatter_launch(x):
    arch = current_arch()
    if arch == "gfx942":
        return _scatter_wave64(x)
    elif arch == "gfx950":
        return _scatter_wide(x)
    elif arch == "gfx90a":
        return _scatter_legacy(x)
    block = 256 if arch == "gfx950" else 128
    if arch != "gfx942" and block > 128:
        return _scatter_split(x, block)
    return _scatter_generic(x)


def _scatter_wave64(x):
    return x


def _scatter_wide(x):
    return x


def _scatter_legacy(x):
    return x


def _scatter_split(x, block):
    return x


def _scatter_generic(x):
    return x
