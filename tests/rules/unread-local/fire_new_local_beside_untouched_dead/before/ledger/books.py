def close_month(entries):
    stale = len(entries)
    return sum(e.amount for e in entries)


def open_month(seed):
    return {"seed": seed}
