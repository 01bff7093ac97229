from routekit.table import RouteTable


class Router:
    def __init__(self, width):
        self.table = RouteTable(width)


class SubRouter(Router):
    pass
