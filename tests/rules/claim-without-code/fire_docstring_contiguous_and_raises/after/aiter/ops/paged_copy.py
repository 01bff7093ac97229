import torch

from aiter.jit import compile_ops


@compile_ops("module_cache")
def _paged_copy_kernel(src, dst, slots):
    ...


def paged_copy(src: torch.Tensor, dst: torch.Tensor, slots: torch.Tensor) -> None:
    """Copy tokens into the paged cache.

    Args:
        src: [num_tokens, head_dim]. The tensor is made contiguous before launch.  # expect: claim-without-code
        dst: the paged cache.
        slots: int64 slot ids.

    Raises:
        ValueError: if slots and src disagree on the token count.  # expect: claim-without-code
    """
    _paged_copy_kernel(src, dst, slots)
