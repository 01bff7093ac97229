import torch

from aiter.jit.utils.chip_info import get_gfx

IS_FNUZ_PLATFORM = get_gfx() == "gfx942"


def platform_is_fnuz():
    return get_gfx() == "gfx942"


def output_dtype(x):
    out_dtype = torch.float8_e4m3fnuz if get_gfx() == "gfx942" else torch.float8_e4m3fn
    return x.to(out_dtype)
