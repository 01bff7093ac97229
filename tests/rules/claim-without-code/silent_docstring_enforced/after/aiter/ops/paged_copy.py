import torch


def _launch(src, dst, slots):
    torch.ops.aiter.paged_copy(src, dst, slots)


def paged_copy(src: torch.Tensor, dst: torch.Tensor, slots: torch.Tensor) -> None:
    """Copy tokens into the paged cache.

    src is made contiguous before launch; the head dim must be a multiple of 16.

    Raises:
        ValueError: if slots and src disagree on the token count.
    """
    if slots.numel() != src.shape[0]:
        raise ValueError("one slot per token")
    assert src.shape[-1] % 16 == 0
    _launch(src.contiguous(), dst, slots)


def reference_copy(src, dst, slots):
    # falls back to `_launch` on devices without the fast path
    if src.is_cuda:
        dst[slots] = src
    else:
        _launch(src, dst, slots)
