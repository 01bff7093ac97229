def plan_chunks(num_rows, total_kv, budget_bytes, row_bytes):
    # Round the row budget down to the 128-row tile the indexer consumes.
    budget_rows = max(budget_bytes // row_bytes, 1)
    chunk = (budget_rows // 128) * 128
    if chunk == 0:
        chunk = 1 << (budget_rows.bit_length() - 1)
    starts = list(range(0, num_rows, chunk))
    return [(s, min(s + chunk, num_rows), total_kv) for s in starts]
