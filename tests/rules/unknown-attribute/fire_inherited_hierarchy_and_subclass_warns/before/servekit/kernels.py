def decode(meta):
    return meta
