def split_heads(x, num_heads):
    b, s, d = x.shape
    return x.reshape(b, s, num_heads, d // num_heads)
