def pick(n, max_len):
    return n > 0.9 * max_len
