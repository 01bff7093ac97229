def mla_decode_fwd(q, kv, out, num_kv_splits=None):
    if num_kv_splits is None:
        num_kv_splits = 16
    return _launch(q, kv, out, num_kv_splits)
