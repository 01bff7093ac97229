import os

from calib import knobs


def sweep(points):
    return [measure(p) for p in points]
