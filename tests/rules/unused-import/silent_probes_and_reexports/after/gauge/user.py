from gauge.probe import mean, scale


def both(v):
    return mean(v), scale(v)
