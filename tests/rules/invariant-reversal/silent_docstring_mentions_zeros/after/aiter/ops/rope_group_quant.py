import torch


def alloc_scale_buf(n, width, device):
    """Allocate the scale buffer.

    The pad must read back as zero; this helper returns a zeroed buffer.
    """
    return torch.zeros((n, width), dtype=torch.uint8, device=device)
