from atom.utils.layout import build_index, pack


def export_rows(table, *, cached=None, keep_index=False):
    rows = table.rows()
    if cached is not None:
        offsets = cached.offsets
    else:
        index = build_index(rows)
        offsets = index.offsets
    packed = pack(rows, offsets)
    if not keep_index:
        return packed
    return packed, index  # expect[red]: unbound-local
