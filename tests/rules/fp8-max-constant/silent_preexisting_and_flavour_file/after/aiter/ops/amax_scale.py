FP8_MAX = 240.0


def scale_of(amax):
    return amax / FP8_MAX


def clamp_scale(amax):
    return amax.clamp(max=240.0) / FP8_MAX
