from atom.utils.layout import build_index, pack


def export_rows(table, *, cached=None, keep_index=False):
    if cached is not None and keep_index:
        raise ValueError("cached= replays an index; keep_index= builds one")
    rows = table.rows()
    if cached is not None:
        offsets = cached.offsets
    else:
        index = build_index(rows)
        offsets = index.offsets
    packed = pack(rows, offsets)
    if not keep_index:
        return packed
    return packed, index  # ok: unbound-local
