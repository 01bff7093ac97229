FP8_E4M3_MAX = 448.0

if True:
    BF16_EPS = 2 ** -7
