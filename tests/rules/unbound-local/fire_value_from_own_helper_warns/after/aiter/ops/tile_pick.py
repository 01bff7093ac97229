import torch

from .tile_tables import lookup_tile


class TilePicker:
    def __init__(self, table):
        self.table = table

    def _kind_of(self, m, n):
        kind, index = self.table.get((m, n), (0, 0))
        return kind, index

    def pick(self, m, n):
        kind, index = self._kind_of(m, n)
        if index == 0:
            tile = (64, 64)
        elif index == 1:
            tile = (128, 32)
        return tile  # expect[warn]: unbound-local


def grid_for(m, n):
    plan = lookup_tile(m, n)
    if plan == "wide":
        width = 256
    elif plan == "narrow":
        width = 64
    return (m + width - 1) // width  # expect[warn]: unbound-local


def grid_for_env(m, n, mode):
    if mode == "wide":
        width = 256
    elif mode == "narrow":
        width = 64
    return (m + width - 1) // width  # expect[warn]: unbound-local
