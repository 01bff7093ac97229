import torch


def read_pages(pool, block_table, n_pages, page_len):
    # Nothing committed yet: the result is empty whichever pages the table names.
    if n_pages == 0:
        return pool.new_empty((0, pool.size(-1)))
    if len(pool) <= 0:
        return torch.empty(0, 8)
    rows = torch.arange(n_pages * page_len, device=pool.device)
    return pool[block_table[rows // page_len].long(), rows % page_len]


def write_pages(pool, block_table, values):
    if values.numel() == 0:
        return pool.clone()
    return pool.index_copy(0, block_table[: values.size(0)].long(), values)
