import torch

from aiter.jit.utils.chip_info import get_gfx


def scale_bound(x, dtype):
    if get_gfx() == "gfx942":
        fp8_max = 240.0
    else:
        fp8_max = torch.finfo(dtype).max
    return fp8_max


def bound_for(dtype):
    fp8_max = 240.0 if dtype == torch.float8_e4m3fnuz else 448.0
    return fp8_max


FP8_MAX_TABLE = {torch.float8_e4m3fnuz: 240.0, torch.float8_e4m3fn: 448.0}


def pad_rows(x):
    return x.new_zeros(448, 16)


def quant_ocp(view):
    amax = view.abs().amax()
    scale = amax / 448.0
    return (view / scale).clamp(-448.0, 448.0).to(torch.float8_e4m3fn)
