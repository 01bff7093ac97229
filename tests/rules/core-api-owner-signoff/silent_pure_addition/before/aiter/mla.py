def mla_decode_fwd(q, kv, out):
    return out
