import os

from calib import knobs


def sweep(points):
    return [measure(p) for p in points]


def sweep_exact(points):
    rounding = knobs.ROUNDING
    knobs.ROUNDING = "exact"
    try:
        return sweep(points)
    finally:
        knobs.ROUNDING = "nearest"  # expect: state-restore
        report(rounding)


def sweep_quiet(points):
    verbosity = os.environ.get("CALIB_LOG")  # expect: state-restore
    os.environ["CALIB_LOG"] = "0"
    try:
        return sweep(points)
    finally:
        os.environ.pop("CALIB_LOG", None)


def sweep_cold(points):
    knobs.CACHE_MODE = 3
    results = sweep(points)
    knobs.CACHE_MODE = 1  # expect: state-restore
    return results
