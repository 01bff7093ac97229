import torch


def copy_pages(src: torch.Tensor, dst: torch.Tensor, page_ids: torch.Tensor) -> None:
    dst[page_ids] = src[page_ids]
