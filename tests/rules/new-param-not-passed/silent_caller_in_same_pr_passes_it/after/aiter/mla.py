def decode(l, k, o, s):
    return topk_decode(l, k, o, max_seqlen=s)
