import torch


def alloc_scale_buf(n, width, device):
    """Allocate the scale buffer.

    The pad must read back as zero, so callers use
    torch.zeros((n, width), dtype=torch.uint8) for it.
    """
    return torch.zeros((n, width), dtype=torch.uint8, device=device)
