def pages_needed(tokens, page):
    return -(-tokens // page)
