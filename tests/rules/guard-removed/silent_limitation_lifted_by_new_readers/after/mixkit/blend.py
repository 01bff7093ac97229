from mixkit.core import mix


def blend(frames, weights, gamma=None):
    total = sum(weights)
    return mix(frames, [w / total for w in weights], gamma=gamma)
