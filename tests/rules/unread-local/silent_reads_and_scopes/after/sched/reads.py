TOTAL = 0


def tally(rows, scale):
    seen = 0
    seen += 1
    label = "row"
    header = f"{label}s"
    unit = "ms"
    template = "{unit} per row"
    first, rest = rows[0], rows[1:]
    _scratch = scale * 2
    cap = max(rows)
    kept = [r for r in rows if r < cap]
    bias = 3
    shift = lambda v: v + bias
    a = b = 1
    return header, template, rest, kept, shift


def bump():
    global TOTAL
    TOTAL = TOTAL + 1
    stamp = 5
    return locals()


def outer():
    mark = 0

    def inner():
        nonlocal mark
        mark = 1

    return inner


class Holder:
    size = 4

    def grow(self):
        self.size = 8
        self.cache[0] = 1
