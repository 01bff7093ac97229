from routekit.table import RouteTable


class Router:
    def __init__(self, width):
        self.table = RouteTable(width)

    def depth(self):
        return self.table.depth  # ok: a subclass of Router may bind self.table to another class


class SubRouter(Router):
    pass
