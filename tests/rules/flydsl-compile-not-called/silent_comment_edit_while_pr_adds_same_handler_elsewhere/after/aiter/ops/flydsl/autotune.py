def pick_tile(table, key, fallback):
    try:
        return table[key]
    except KeyError:
        pass
    try:
        return table[fallback]
    except KeyError:
        return None
