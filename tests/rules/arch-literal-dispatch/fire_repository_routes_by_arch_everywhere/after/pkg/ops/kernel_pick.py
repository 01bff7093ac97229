from .arch import current_arch


def pick_kernel(m, n):
    if current_arch() == "gfx1201":  # expect[note]: arch-literal-dispatch
        return "flat"
    if m * n > 1 << 20:
        return "tiled"
    return "flat"
