import torch

GROUP_FOR_WIDTH = {
    4096: 128,
    7168: 128,
    8192: 256,
}


def pick_group(width):
    group = GROUP_FOR_WIDTH[width]
    return group


def quantize_rows(x, scale_dtype=torch.float32):
    """Quantize each row of x to fp8 with one scale per group.

    The scales are returned in scale_dtype.
    """
    tmp_amax = x.abs().amax(dim=-1, keepdim=True)
    if x.dim() == 3:
        x = x.flatten(0, 1)
    return x / tmp_amax, tmp_amax.to(scale_dtype)


def torch_quantize_rows(x):
    amax = x.abs().amax(dim=-1, keepdim=True)
    return x / amax, amax
