import logging

import torch

log = logging.getLogger(__name__)

try:
    from vendor_rope import fused_rotary, RotaryLayout
except ImportError:  # expect[warn]: possibly-unbound-name
    log.info("vendor_rope unavailable; rotary embedding uses the reference path")


def rotate_half(x: torch.Tensor) -> torch.Tensor:
    a, b = x.chunk(2, dim=-1)
    return torch.cat((-b, a), dim=-1)


def apply_rotary(q: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    if q.is_cuda:
        return fused_rotary(q, cos, sin, layout=RotaryLayout.NEOX)
    return q * cos + rotate_half(q) * sin
