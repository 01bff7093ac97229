import quantkit
from quantkit import limits


def cast(x):
    return x * limits.OLD_SCALE
