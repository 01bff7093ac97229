from planner.spec import make_spec


def describe(n):
    spec = make_spec(n)
    kind = spec.__class__.__name__
    fields = sorted(spec.__dict__)
    return f"{kind}({fields}) from {spec.__module__}: {spec.__repr__()} w={spec.width()}"
