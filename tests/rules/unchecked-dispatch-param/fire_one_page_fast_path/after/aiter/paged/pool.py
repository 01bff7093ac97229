import torch


def read_pages(pool, block_table, n_pages, page_len):
    if n_pages == 1:  # expect[red]: unchecked-dispatch-param
        return pool[0].clone()
    rows = torch.arange(n_pages * page_len, device=pool.device)
    return pool[block_table[rows // page_len].long(), rows % page_len]
