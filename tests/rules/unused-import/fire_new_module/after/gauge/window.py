from collections import (
    deque,
    Counter,  # expect[note]: unused-import
)
import itertools as it  # ok: folded into the finding on line 3


def sliding(values, width):
    buf = deque(maxlen=width)
    for v in values:
        buf.append(v)
        yield sum(buf) / len(buf)
