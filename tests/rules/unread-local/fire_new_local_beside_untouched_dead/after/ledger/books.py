def close_month(entries):
    stale = len(entries)
    return sum(e.amount for e in entries)


def open_month(seed, carry=0):
    opening = seed + carry  # expect: unread-local
    return {"seed": seed}
