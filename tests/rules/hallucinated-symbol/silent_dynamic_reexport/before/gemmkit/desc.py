"""Compatibility layer over the installed descriptor library.

Re-exports everything the library publishes and patches one builder when the
installed version is too old.
"""

from tilelib.expr import descriptors as _lib

__all__ = list(getattr(_lib, "__all__", ()))

for _name in __all__:
    globals()[_name] = getattr(_lib, _name)


def make_desc(t, bound=None):
    return _lib.make_desc(t, bound)
