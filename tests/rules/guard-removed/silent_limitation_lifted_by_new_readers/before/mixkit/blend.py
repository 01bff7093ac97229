from mixkit.core import mix


def blend(frames, weights, gamma=None):
    assert gamma is None, "gamma correction is not supported yet"
    total = sum(weights)
    return mix(frames, [w / total for w in weights])
