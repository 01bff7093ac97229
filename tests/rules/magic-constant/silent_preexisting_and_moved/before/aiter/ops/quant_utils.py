FP8_MAX = 448.0


def needs_requant(amax):
    return amax > 447.5


def old_eps_check(x):
    return abs(x) < 3e-5
