class RouteTable:
    def __init__(self, width):
        self.width = width
        self.slots = [None] * width

    def lookup(self, key):
        return self.slots[hash(key) % self.width]


def build_table(width) -> "RouteTable":
    return RouteTable(width)
