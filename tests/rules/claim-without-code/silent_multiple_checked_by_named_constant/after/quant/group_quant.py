from quant.formats import GROUP as _GROUP


def group_quant(x):
    return x


def group_quant_fp4(out, x):
    """Quantize x in groups into out.

    The last dim of x must be a multiple of 32 (one scale per group).
    """
    cols = x.shape[-1]
    if cols % _GROUP != 0:
        raise ValueError(f"last dim must be a multiple of {_GROUP}, got {cols}")
    out.copy_(x.view(-1, cols // _GROUP, _GROUP).amax(-1))
