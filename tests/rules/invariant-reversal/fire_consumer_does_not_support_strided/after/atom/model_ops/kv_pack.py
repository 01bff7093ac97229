import torch

from aiter import pack_kv_pages


def write_pages(k: torch.Tensor, v: torch.Tensor, slots: torch.Tensor, pages: torch.Tensor) -> None:
    kv = torch.stack((k, v), dim=1).transpose(0, 1)
    pack_kv_pages(kv, slots, pages)  # expect[red]: invariant-reversal
