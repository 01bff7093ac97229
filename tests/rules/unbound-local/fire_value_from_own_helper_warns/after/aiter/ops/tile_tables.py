def lookup_tile(m, n):
    return "wide" if m > n else "narrow"
