from routekit.table import RouteTable, build_table


class Router:
    def __init__(self, width):
        self.table = RouteTable(width)

    def route(self, key):
        return self.table.lookup(key)


def fresh(width):
    t = RouteTable(width)
    return t.width
