from .arch import current_arch


def rope_launch(x):
    arch = current_arch()
    if arch == "gfx942":
        return _rope_wave64(x)
    elif arch == "gfx950":
        return _rope_wide(x)
    elif arch == "gfx90a":
        return _rope_legacy(x)
    block = 256 if arch == "gfx950" else 128
    if arch != "gfx942" and block > 128:
        return _rope_split(x, block)
    return _rope_generic(x)


def _rope_wave64(x):
    return x


def _rope_wide(x):
    return x


def _rope_legacy(x):
    return x


def _rope_split(x, block):
    return x


def _rope_generic(x):
    return x
