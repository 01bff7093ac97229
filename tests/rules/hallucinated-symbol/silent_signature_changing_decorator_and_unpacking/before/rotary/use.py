def go(q):
    return q
