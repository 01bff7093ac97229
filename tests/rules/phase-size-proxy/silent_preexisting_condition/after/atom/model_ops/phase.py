def route(md, decode_fn, prefill_fn, log):
    log("routing")
    if md.max_query_len == 1:
        return decode_fn()
    return prefill_fn()
