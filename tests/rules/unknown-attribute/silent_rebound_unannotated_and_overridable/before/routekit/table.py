from typing import Dict


class RouteTable:
    def __init__(self, width):
        self.width = width

    def lookup(self, key):
        return key % self.width


class LooseTable:
    def __getattr__(self, name):
        return 0


def build_plain(width):
    return RouteTable(width)


class AnyTable:
    def __new__(cls, width):
        return RouteTable(width)
