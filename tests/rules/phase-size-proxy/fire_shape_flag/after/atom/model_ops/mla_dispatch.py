def run_mla(q, kv, decode_fn, prefill_fn):
    is_decode = q.shape[0] == 1  # expect: phase-size-proxy
    if is_decode:
        return decode_fn(q, kv)
    return prefill_fn(q, kv)
