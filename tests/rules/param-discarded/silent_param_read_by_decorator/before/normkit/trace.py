import functools


def mark_trace(fn):
    # The trace decorator reads the caller's `prefix=` to name the region; the op never does.
    @functools.wraps(fn)
    def wrapper(*args, prefix="", **kwargs):
        with region(prefix or fn.__name__):
            return fn(*args, prefix=prefix, **kwargs)

    return wrapper


def region(name):
    import contextlib

    return contextlib.nullcontext()
