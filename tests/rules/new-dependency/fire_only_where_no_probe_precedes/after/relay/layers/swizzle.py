import importlib.util


def has_tilekit():
    return importlib.util.find_spec("tilekit") is not None


def tilekit_ready():
    return importlib.util.find_spec("tilekit") is not None


def swizzle(weights):
    assert has_tilekit(), "tilekit is not installed"
    from tilekit.layout import swizzle_blocks

    return swizzle_blocks(weights)


def unswizzle(weights):
    if not tilekit_ready():
        raise RuntimeError("unswizzle needs tilekit")
    from tilekit.layout import unswizzle_blocks

    return unswizzle_blocks(weights)


def pack(weights):
    assert weights.ndim == 2, "pack takes a matrix"
    from blockpack import pack_rows  # expect: new-dependency

    return pack_rows(weights)
