from .ring import make_reducer

DEFAULT_REDUCER = make_reducer(1)
