from rotary.tables import build_cos_sin


def _pick(table, positions, *, clamp):
    return [table[min(p, clamp)] for p in positions]


def rotate(q, positions, head_dim):
    table = build_cos_sin(4096, head_dim)  # expect[red]: hallucinated-symbol
    return q, table


def gather(table, positions):
    return _pick(table, positions)  # expect[red]: hallucinated-symbol
