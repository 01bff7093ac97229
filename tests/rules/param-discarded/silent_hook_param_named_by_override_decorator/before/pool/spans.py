import functools
import time

TIMINGS = {}


def timed(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        label = kwargs.get("label") or fn.__qualname__
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            TIMINGS[label] = time.perf_counter() - t0

    return inner
