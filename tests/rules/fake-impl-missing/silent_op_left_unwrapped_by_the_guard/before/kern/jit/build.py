import importlib

from kern.jit.guard import torch_compile_guard


def compile_ops(md_name: str, gen_fake=None):
    """Builds the extension; torch_compile_guard makes it a torch op unless it is a plain call."""

    def decorator(func):
        def call(*args, **kwargs):
            module = importlib.import_module(f"kern.lib.{md_name}")
            return getattr(module, func.__name__)(*args, **kwargs)

        call.__name__ = func.__name__
        return torch_compile_guard(gen_fake=gen_fake)(call)

    return decorator
