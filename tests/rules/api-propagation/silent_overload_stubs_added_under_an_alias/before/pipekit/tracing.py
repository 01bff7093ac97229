import functools


def traced(func=None, *, label=None):
    def wrap(f):
        @functools.wraps(f)
        def inner(*args, **kwargs):
            return f(*args, **kwargs)

        inner.trace_label = label or f.__name__
        return inner

    return wrap(func) if func is not None else wrap
