import torch


def pack_weights(w: torch.Tensor, fmt: str):
    # The packer supports exactly these two formats; anything else is not a valid request.
    if fmt == "mxfp4":
        packed = w.view(torch.uint8)
    elif fmt == "int4":
        packed = w.to(torch.int8)
    return packed  # expect[warn]: unbound-local


def split_scales(s: torch.Tensor):
    if s.dtype == torch.float32:
        parts = s.chunk(2)
    elif s.dtype == torch.bfloat16:
        parts = s.float().chunk(2)
    return parts  # expect[warn]: unbound-local


def as_rows(v):
    if isinstance(v, (list, tuple)):
        rows = list(v)
    elif isinstance(v, torch.Tensor) and v.dim() == 2:
        rows = v.unbind(0)
    return rows  # expect[warn]: unbound-local


class Router:
    def __init__(self, cfg):
        self.cfg = cfg

    def route(self, x):
        if self.cfg.backend.use_ck:
            out = x + 1
        elif self.cfg.backend.use_triton:
            out = x + 2
        return out  # expect[warn]: unbound-local
