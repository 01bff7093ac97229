from atom.model_ops.attention_meta import build_full_metadata, build_swa_metadata


def make(bt, lens, pages):
    swa = build_swa_metadata(bt, lens, window_pages=pages)
    full = build_full_metadata(bt, lens)
    return swa, full
