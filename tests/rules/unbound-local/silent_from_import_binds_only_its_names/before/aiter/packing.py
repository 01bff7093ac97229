import aiter


def pack_weights(w, fmt):
    return aiter.pack(w)
