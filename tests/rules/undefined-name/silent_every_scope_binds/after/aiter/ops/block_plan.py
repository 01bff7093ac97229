from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from torch import Tensor

try:
    import numpy as np
except ImportError:
    np = None


class BlockPlan:
    tile = 64
    tiles = [tile * k for k in range(1, 4)]

    def __init__(self, rows: int, *extra, scale: float = 1.0, **opts) -> None:
        self.rows = rows
        self.extra = extra
        self.scale = scale
        self.opts = opts

    def blocks(self, x: Tensor) -> int:
        total = 0

        def add(n):
            nonlocal total
            total += n

        for i, (lo, hi) in enumerate(self.spans()):
            add(hi - lo + i)
        if (count := len(self.extra)) > 0:
            add(count)
        return total + sum(t for t in BlockPlan.tiles if t <= self.rows) + CACHE_LIMIT

    def spans(self):
        try:
            step = max(self.rows // self.tile, 1)
        except ZeroDivisionError as err:
            raise ValueError(str(err)) from err
        return [(s, min(s + step, self.rows)) for s in range(0, self.rows, step)]


def register():
    global REGISTRY
    REGISTRY = {"plan": BlockPlan, "np": np is not None, "name": __name__}


CACHE_LIMIT = 4096
