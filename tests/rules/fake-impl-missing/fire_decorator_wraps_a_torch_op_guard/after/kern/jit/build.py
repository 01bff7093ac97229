import functools
import importlib

import torch


def load_extension(md_name: str):
    return importlib.import_module(f"kern.lib.{md_name}")


def compile_ops(md_name: str, gen_fake=None):
    """Builds the extension and exposes the symbol as a torch op so torch.compile can trace it."""

    def decorator(func):
        lib = torch.library.Library("kern", "FRAGMENT")
        lib.define(f"{func.__name__}(Tensor x) -> Tensor")

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            module = load_extension(md_name)
            return getattr(module, func.__name__)(*args, **kwargs)

        lib.impl(func.__name__, wrapper, "CUDA")
        if gen_fake is not None:
            lib.impl(func.__name__, gen_fake, "Meta")
        return wrapper

    return decorator
