def split_heads(x, num_heads):
    b, s, d = x.shape
    per_head = d // num_heads
    return x.reshape(b, s, num_heads, per_head)


def pack_rows(x, rows):
    return x.reshape(rows, -1)
