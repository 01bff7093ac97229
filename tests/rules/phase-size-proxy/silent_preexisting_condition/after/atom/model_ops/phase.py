def route(md, decode_fn, prefill_fn, log, causal):
    log("routing")
    if md.max_query_len == 1:
        return decode_fn()
    if md.dcp > 1 and md.max_q_len > 1 and causal:
        return prefill_fn(split=True)
    return prefill_fn()
