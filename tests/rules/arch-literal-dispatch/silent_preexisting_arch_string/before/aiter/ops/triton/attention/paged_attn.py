from aiter.ops.triton.utils.arch_info import get_arch


def pick_tile(head_size):
    if get_arch() == "gfx1201":
        return 32
    return 64 if head_size <= 128 else 32
