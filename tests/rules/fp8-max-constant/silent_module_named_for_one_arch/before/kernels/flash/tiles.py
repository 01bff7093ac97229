def tiles(n):
    return n // 64
