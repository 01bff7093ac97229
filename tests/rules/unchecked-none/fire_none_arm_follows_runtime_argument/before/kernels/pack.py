import torch

from kernels import formats


def _has_side_scale(fmt):
    return fmt == formats.E4M3_BLOCKED


def make_scale_buffer(rows, cols, fmt, device):
    if not _has_side_scale(fmt):
        return None
    return torch.empty((rows, cols // 32), dtype=torch.uint8, device=device)
