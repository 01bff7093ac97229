FP8_MAX = 240.0


def scale_of(amax):
    return amax / FP8_MAX
