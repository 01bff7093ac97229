def check(a, b, atol=1e-2):
    return abs(a - b) < atol
