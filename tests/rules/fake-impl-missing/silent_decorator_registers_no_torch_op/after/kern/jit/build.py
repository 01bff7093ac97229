import functools
import importlib


def load_extension(md_name: str):
    return importlib.import_module(f"kern.lib.{md_name}")


def compile_ops(md_name: str):
    """Builds the extension on first use and calls the symbol of the same name."""

    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            module = load_extension(md_name)
            return getattr(module, func.__name__)(*args, **kwargs)

        return wrapper

    return decorator
