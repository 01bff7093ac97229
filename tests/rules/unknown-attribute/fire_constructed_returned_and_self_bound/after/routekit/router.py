from routekit.table import RouteTable, build_table


class Router:
    def __init__(self, width):
        self.table = RouteTable(width)

    def route(self, key):
        if self.table.capacity < 1:  # expect[red]: unknown-attribute
            return None
        return self.table.lookup(key)


def fresh(width):
    t = RouteTable(width)
    return t.width + t.spare  # expect[red]: unknown-attribute


def rebuilt(width):
    table = build_table(width)
    table.resize(width * 2)  # expect[red]: unknown-attribute
    return table.lookup(0)
