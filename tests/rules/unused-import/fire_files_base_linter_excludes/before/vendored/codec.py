def encode(b):
    return bytes(b)
