import logging

try:
    import flydsl  # noqa: F401
except ImportError:
    pass

logger = logging.getLogger("aiter")


class KernelNotFoundError(RuntimeError):
    pass


def release_workspace(buf):
    try:
        buf.free()
    except AttributeError:
        pass
