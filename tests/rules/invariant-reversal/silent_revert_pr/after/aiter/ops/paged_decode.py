def paged_decode(q, scale):
    head_dim = q.shape[-1]
    return q * scale
