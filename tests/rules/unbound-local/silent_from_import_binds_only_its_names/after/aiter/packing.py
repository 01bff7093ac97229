import aiter


def pack_weights(w, fmt):
    if fmt == "fp4":
        from aiter.utility import fp4_codec

        w = fp4_codec.encode(w)
    elif fmt == "int4":
        from aiter.utility.int4 import pack_nibbles

        w = pack_nibbles(w)
    return aiter.pack(w)
