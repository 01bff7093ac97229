def summarize(rows, dtype):
    for row in rows:
        if row["dtype"] == dtype:
            best_us = row["us"]
    best_us += 0.0
    return best_us
