from .arch import current_arch


def topk_launch(x):
    arch = current_arch()
    if arch == "gfx942":
        return _topk_wave64(x)
    elif arch == "gfx950":
        return _topk_wide(x)
    elif arch == "gfx90a":
        return _topk_legacy(x)
    block = 256 if arch == "gfx950" else 128
    if arch != "gfx942" and block > 128:
        return _topk_split(x, block)
    return _topk_generic(x)


def _topk_wave64(x):
    return x


def _topk_wide(x):
    return x


def _topk_legacy(x):
    return x


def _topk_split(x, block):
    return x


def _topk_generic(x):
    return x
