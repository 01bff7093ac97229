from typing import Dict

from routekit.table import LooseTable, RouteTable, build_plain


class Switch:
    def __init__(self, width):
        self.table = RouteTable(width)


def reset(switch):
    switch.table = LooseTable()
