import functools

# Ops that take pybind handles or return host-side data: called as plain Python.
PLAIN_CALL_OPS = [
    "open_ipc_handles",
    "export_ipc_handle",
    # "reset_workspace",
]


def torch_compile_guard(gen_fake=None):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            return func(*args, **kwargs)

        if func.__name__ in PLAIN_CALL_OPS:
            return wrapper
        import torch

        lib = torch.library.Library("kern", "FRAGMENT")
        lib.define(f"{func.__name__}(Tensor x) -> Tensor")
        lib.impl(func.__name__, wrapper, "CUDA")
        if gen_fake is not None:
            lib.impl(func.__name__, gen_fake, "Meta")
        return wrapper

    return decorator
