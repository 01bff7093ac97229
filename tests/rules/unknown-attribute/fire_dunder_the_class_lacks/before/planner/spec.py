class RouteSpec:
    def __init__(self, experts, top_k):
        self.experts = experts
        self.top_k = top_k

    def width(self):
        return self.experts * self.top_k


def make_spec(n: int) -> RouteSpec:
    return RouteSpec(n, 2)
