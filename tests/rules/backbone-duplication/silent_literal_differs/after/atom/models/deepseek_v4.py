def split_tokens(total_tokens, total_committed, mem_budget, token_bytes):
    # Round the row budget down to the 128-row tile the indexer consumes.
    rows = max(mem_budget // token_bytes, 1)
    step = (rows // 64) * 64
    if step == 0:
        step = 1 << (rows.bit_length() - 1)
    firsts = list(range(0, total_tokens, step))
    return [(s, min(s + step, total_tokens), total_committed) for s in firsts]
