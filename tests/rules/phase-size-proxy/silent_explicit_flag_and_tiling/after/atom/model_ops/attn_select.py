def select(metadata, q, decode_fn, prefill_fn, small_fn, big_fn):
    if not metadata.is_prefilling and metadata.max_query_len == 1:
        return decode_fn(q)
    if metadata.max_query_len <= 16:
        return small_fn(q)
    if q.shape[0] == 1:
        return big_fn(q)
    return prefill_fn(q)
