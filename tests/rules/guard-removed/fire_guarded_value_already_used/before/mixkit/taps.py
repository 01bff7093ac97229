from mixkit.core import convolve


def apply_taps(signal, taps, width):
    assert taps.shape[-1] == width, "taps do not match the window"
    return convolve(signal, taps)
