import enum


class Layout(enum.Enum):
    PAGED = 1
    RING = 2
    SCRATCH = 3


def gather_rows(cache, layout, *, block_table, ring_head, scratch_idx, n):
    # Each layout addresses rows by its own index: the scratch arm never needs block_table.
    if layout == Layout.SCRATCH:
        return _take(cache.scratch, [scratch_idx])
    if layout == Layout.PAGED:
        ids = list(block_table)[:n]
    elif layout == Layout.RING:
        ids = [(ring_head + i) % cache.ring_len for i in range(n)]
    else:
        raise ValueError(layout)
    return _take(cache.pages, ids)


def _take(buf, ids):
    return [buf[i] for i in ids]
