def check(a, b, atol=1e-3):
    return abs(a - b) < atol
