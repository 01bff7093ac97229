from planner.spec import make_spec


def describe(n):
    spec = make_spec(n)
    kind = spec.__class__.__name__
    return f"{kind} has {spec.__len__()} routes"  # expect[red]: unknown-attribute
