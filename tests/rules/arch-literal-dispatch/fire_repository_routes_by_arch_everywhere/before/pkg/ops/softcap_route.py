from .arch import current_arch


def softcap_launch(x):
    arch = current_arch()
    if arch == "gfx942":
        return _softcap_wave64(x)
    elif arch == "gfx950":
        return _softcap_wide(x)
    elif arch == "gfx90a":
        return _softcap_legacy(x)
    block = 256 if arch == "gfx950" else 128
    if arch != "gfx942" and block > 128:
        return _softcap_split(x, block)
    return _softcap_generic(x)


def _softcap_wave64(x):
    return x


def _softcap_wide(x):
    return x


def _softcap_legacy(x):
    return x


def _softcap_split(x, block):
    return x


def _softcap_generic(x):
    return x
