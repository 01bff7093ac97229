import functools


def depth(node):
    if node is None:
        return 0
    return 1 + depth(node.child)  # ok: a base case returns first


def halve(n):
    if n > 1:
        return halve(n // 2)  # ok: inside a branch
    return n


@functools.lru_cache(maxsize=None)
def ways(n):
    return ways(n)  # ok: decorated, not followed


def countdown(n):
    yield n
    yield from countdown(n - 1)  # ok: a generator body runs lazily


class Visitor:
    def visit(self, node):
        for child in node.children:
            self.visit(child)  # ok: inside a loop
        return node

    @staticmethod
    def fold(items):
        return Visitor.fold(items[1:]) if items else 0  # ok: static method, conditional
