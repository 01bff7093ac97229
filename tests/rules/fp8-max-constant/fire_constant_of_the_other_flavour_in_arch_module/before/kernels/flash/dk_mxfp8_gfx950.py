def block_shape(head_dim):
    return (128, head_dim)
