import functools
import importlib


def load(lib):
    return importlib.import_module(lib)


def compile_ops(lib, entry=None):
    def decorate(stub):
        @functools.wraps(stub)
        def launch(*args, rebuild_opts=None, **kwargs):
            ext = load(lib if rebuild_opts is None else rebuild_opts["lib"])
            return getattr(ext, entry or stub.__name__)(*args, **kwargs)

        return launch

    return decorate
