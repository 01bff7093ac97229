from atom.model_ops.attention_meta import build_full_metadata, build_swa_metadata


def make(bt, lens, pages):
    return build_swa_metadata(bt, lens, pages), build_full_metadata(bt, lens)
