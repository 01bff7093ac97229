import math


def build_cos_sin(max_positions, rotary_dim, base=10000.0):
    inv = [base ** (-2 * i / rotary_dim) for i in range(rotary_dim // 2)]
    return [[math.cos(p * f) for f in inv] for p in range(max_positions)]
