def group_lengths(items, pad):
    if pad:
        x = max(items)
    return [x * 2 for x in items]
