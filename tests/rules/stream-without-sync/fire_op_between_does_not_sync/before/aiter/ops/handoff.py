import torch

from aiter.jit.core import compile_ops


@compile_ops("module_handoff")
def stream_handoff(src: torch.Tensor) -> None: ...
