from .arch import current_arch


def sample_launch(x):
    arch = current_arch()
    if arch == "gfx942":
        return _sample_wave64(x)
    elif arch == "gfx950":
        return _sample_wide(x)
    elif arch == "gfx90a":
        return _sample_legacy(x)
    block = 256 if arch == "gfx950" else 128
    if arch != "gfx942" and block > 128:
        return _sample_split(x, block)
    return _sample_generic(x)


def _sample_wave64(x):
    return x


def _sample_wide(x):
    return x


def _sample_legacy(x):
    return x


def _sample_split(x, block):
    return x


def _sample_generic(x):
    return x
