def scale(v):
    return v * 2
