def build_schedule(metadata, bm, is_prefill_meta):
    if is_prefill_meta:
        tot = metadata.total
        ids = metadata.ids
    else:
        cached = getattr(metadata, "cache", None)
    if not is_prefill_meta and cached is not None:
        tot = cached["tot"]
        ids = cached["ids"]
    elif not is_prefill_meta:
        tot, ids = metadata.rebuild(bm)
    return tot, ids


def a16w4_config(tile_m):
    is_a16w4 = True
    if is_a16w4:
        persist_m = 1
    return tile_m * persist_m
