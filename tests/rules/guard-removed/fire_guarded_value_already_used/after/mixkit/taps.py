from mixkit.core import convolve


def apply_taps(signal, taps, width):
    pad = width // 2  # expect: guard-removed
    return convolve(signal, taps, padding=pad)
