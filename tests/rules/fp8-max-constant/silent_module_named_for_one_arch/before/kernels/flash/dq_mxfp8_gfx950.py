def block_shape(head_dim):
    return (64, head_dim)
