from .arch import current_arch


def dequant_launch(x):
    arch = current_arch()
    if arch == "gfx942":
        return _dequant_wave64(x)
    elif arch == "gfx950":
        return _dequant_wide(x)
    elif arch == "gfx90a":
        return _dequant_legacy(x)
    block = 256 if arch == "gfx950" else 128
    if arch != "gfx942" and block > 128:
        return _dequant_split(x, block)
    return _dequant_generic(x)


def _dequant_wave64(x):
    return x


def _dequant_wide(x):
    return x


def _dequant_legacy(x):
    return x


def _dequant_split(x, block):
    return x


def _dequant_generic(x):
    return x
