from aiter.ops.triton.utils.arch_info import get_arch


def pick_tile(head_size):
    if get_arch() == "gfx1201":
        return 32
    return 64 if head_size <= 128 else 32


def pick_stages(head_size):
    # gfx1201 has a smaller LDS: keep a single stage there
    if get_arch() == "gfx1201" and head_size > 64:
        return 1
    return 2
