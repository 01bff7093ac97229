from __future__ import annotations

import os.path
from typing import TYPE_CHECKING
from operator import itemgetter as itemgetter
from statistics import median
from statistics import mean
from heapq import nlargest  # noqa: F401
from gauge.pkg.core import scale

try:
    import numpy
except ImportError:
    numpy = None

if TYPE_CHECKING:
    from decimal import Decimal

__all__ = ["median"]


def level(x: "Decimal") -> float:
    return os.path.basename(str(x))
