from typing import Dict

from routekit.table import AnyTable, LooseTable, RouteTable, build_plain


class Switch:
    def __init__(self, width):
        self.table = RouteTable(width)

    def depth(self):
        return self.table.depth  # ok: reset() stores another object in .table


def reset(switch):
    switch.table = LooseTable()


def widths(tables: Dict[RouteTable, int], width, spare):
    t = RouteTable(width)
    if spare:
        t = spare
    plain = build_plain(width)
    loose = LooseTable()
    for key in tables:
        key.width  # ok: a dict's keys, and RouteTable has width
    tagged = RouteTable(width)
    tagged.label = "fast"
    return t.depth, plain.depth, loose.depth, tagged.label  # ok: rebound, unannotated factory, __getattr__, stored here


def chosen(width):
    table = AnyTable(width)
    return table.lookup(0)  # ok: __new__ returns a RouteTable, not an AnyTable
