import math
import statistics  # expect[note]: unused-import
from functools import lru_cache, partial  # ok: folded into the finding on line 2


@lru_cache(maxsize=8)
def rms(values):
    return math.sqrt(sum(v * v for v in values) / len(values))
