import torch

from aiter.jit.utils.chip_info import get_gfx


def tensor_is_fnuz(t):
    is_fnuz = t.dtype == torch.float8_e4m3fnuz
    return is_fnuz


def kv_flags(kv, arch):
    kv_fnuz = kv.dtype == torch.float8_e4m3fnuz and arch == "gfx942"
    return kv_fnuz
