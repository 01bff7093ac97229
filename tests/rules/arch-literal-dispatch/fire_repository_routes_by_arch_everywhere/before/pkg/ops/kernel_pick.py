from .arch import current_arch


def pick_kernel(m, n):
    if m * n > 1 << 20:
        return "tiled"
    return "flat"
