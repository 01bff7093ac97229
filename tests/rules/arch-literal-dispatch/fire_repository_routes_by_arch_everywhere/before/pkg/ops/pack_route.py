from .arch import current_arch


def pack_launch(x):
    arch = current_arch()
    if arch == "gfx942":
        return _pack_wave64(x)
    elif arch == "gfx950":
        return _pack_wide(x)
    elif arch == "gfx90a":
        return _pack_legacy(x)
    block = 256 if arch == "gfx950" else 128
    if arch != "gfx942" and block > 128:
        return _pack_split(x, block)
    return _pack_generic(x)


def _pack_wave64(x):
    return x


def _pack_wide(x):
    return x


def _pack_legacy(x):
    return x


def _pack_split(x, block):
    return x


def _pack_generic(x):
    return x
