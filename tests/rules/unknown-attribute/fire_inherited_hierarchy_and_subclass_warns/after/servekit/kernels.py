from servekit import meta as m


def decode(md: m.DecodeMeta):
    first = md.positions[0]  # ok: inherited from MetaBase
    return md.block_tables, md.slot_mapping, first  # expect[red]: unknown-attribute


def prefill(pm: m.PrefillMeta):
    return pm.cu_seqlens, pm.chunk_size  # expect[warn]: unknown-attribute
