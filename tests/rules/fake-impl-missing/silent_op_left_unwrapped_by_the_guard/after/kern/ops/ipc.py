from torch import Tensor

from kern.jit.build import compile_ops


@compile_ops("module_ipc")
def export_ipc_handle(buffer_ptr: int) -> Tensor:
    """The IPC handle bytes of a device buffer, for the other ranks."""
    ...
