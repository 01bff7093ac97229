import functools
from typing import Callable, Optional
from typing import overload as _ov


@_ov
def traced(func: Callable, /) -> Callable: ...
@_ov
def traced(*, label: Optional[str] = ...) -> Callable[[Callable], Callable]: ...
def traced(func=None, *, label=None):
    def wrap(f):
        @functools.wraps(f)
        def inner(*args, **kwargs):
            return f(*args, **kwargs)

        inner.trace_label = label or f.__name__
        return inner

    return wrap(func) if func is not None else wrap
