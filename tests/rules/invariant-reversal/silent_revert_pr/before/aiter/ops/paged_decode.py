def paged_decode(q, scale):
    head_dim = q.shape[-1]
    # The asm kernel requires head_dim % 16 == 0.
    assert head_dim % 16 == 0
    return q * scale
