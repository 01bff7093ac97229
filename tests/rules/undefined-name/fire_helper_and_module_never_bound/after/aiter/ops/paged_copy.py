import torch


def copy_pages(src: torch.Tensor, dst: torch.Tensor, page_ids: torch.Tensor) -> None:
    dst[page_ids] = src[page_ids]


def copy_pages_padded(src: torch.Tensor, dst: torch.Tensor, page_ids: torch.Tensor, align: int = 16) -> None:
    n = round_up_to(page_ids.numel(), align)  # expect[red]: undefined-name
    ids = torch.nn.functional.pad(page_ids, (0, n - page_ids.numel()), value=int(page_ids[-1]))
    chunks = math.ceil(n / align)  # same cause as the finding above: folded into it
    for c in range(chunks):
        part = ids[c * align : (c + 1) * align]
        dst[part] = src[part]
    return round_up_to(n, align)
