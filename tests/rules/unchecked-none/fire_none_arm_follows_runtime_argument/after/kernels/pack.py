import torch

from kernels import formats


def _has_side_scale(fmt):
    return fmt == formats.E4M3_BLOCKED


def make_scale_buffer(rows, cols, fmt, device):
    if not _has_side_scale(fmt):
        return None
    return torch.empty((rows, cols // 32), dtype=torch.uint8, device=device)


def make_staging_buffer(rows, cols, fmt):
    if not torch.cuda.is_available() or not _has_side_scale(fmt):
        return None
    return torch.empty((rows, cols), device="cuda")


def matmul_meta(a, b, out_fmt):
    rows, cols = a.shape[0], b.shape[0]
    # The format is the caller's: a bf16 output takes the None arm.
    scale = make_scale_buffer(rows, cols, out_fmt, a.device)
    return scale.view(rows, -1)  # expect: unchecked-none


def staging_rows(a, b):
    # A constant format, but the None arm also follows the machine.
    staging = make_staging_buffer(a.shape[0], b.shape[0], formats.E4M3_BLOCKED)
    return staging.shape[0]  # expect: unchecked-none
