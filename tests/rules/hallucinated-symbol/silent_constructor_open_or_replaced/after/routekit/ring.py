from routekit.peer import Inherits, Made, Open, Wrapped


def build(host, extra):
    a = Open(host, timeout=3)  # ok: **options
    b = Made(host, 80)  # ok: __new__ decides what construction takes
    c = Inherits(host, retries=2)  # ok: no own __init__
    d = Wrapped(host, 80)  # ok: a decorator may replace the class
    e = Open(*extra)  # ok: unpacked arguments
    return a, b, c, d, e
