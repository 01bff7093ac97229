import torch

from kernels import formats


def _has_side_scale(fmt):
    return fmt == formats.E4M3_BLOCKED


def make_scale_buffer(rows, cols, fmt, device, pad_rows=False):
    if not _has_side_scale(fmt):
        return None
    if pad_rows:
        rows = (rows + 63) // 64 * 64
    return torch.empty((rows, cols // 32), dtype=torch.uint8, device=device)


def blocked_matmul_meta(a, b):
    rows, cols = a.shape[0], b.shape[0]
    # The format is written here: the None arm above is never taken by this call.
    scale = make_scale_buffer(rows, cols, formats.E4M3_BLOCKED, a.device)
    padded = make_scale_buffer(rows, cols, fmt=formats.E4M3_BLOCKED, device=a.device, pad_rows=True)
    return scale.view(rows, -1), padded.shape[0]
