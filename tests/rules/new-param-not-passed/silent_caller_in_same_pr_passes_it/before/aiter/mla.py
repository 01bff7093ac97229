def decode(l, k, o):
    return topk_decode(l, k, o)
