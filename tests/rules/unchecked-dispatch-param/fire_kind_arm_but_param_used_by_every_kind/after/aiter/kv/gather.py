import enum


class Layout(enum.Enum):
    PAGED = 1
    RING = 2
    SCRATCH = 3


def gather_rows(cache, layout, *, block_table, ring_head, scratch_idx, n):
    if layout == Layout.SCRATCH:  # expect[red]: unchecked-dispatch-param
        return _take(cache.scratch, [scratch_idx])
    if layout == Layout.RING:
        ids = [(ring_head + i) % cache.ring_len for i in range(n)]
    else:
        ids = list(range(n))
    # Every other layout remaps through the block table: the scratch arm skips it.
    ids = [block_table[i] for i in ids]
    return _take(cache.pages, ids)


def _take(buf, ids):
    return [buf[i] for i in ids]
