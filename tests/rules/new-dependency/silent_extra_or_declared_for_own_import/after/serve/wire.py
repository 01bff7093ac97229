import msgpack


def encode(obj):
    return msgpack.packb(obj, use_bin_type=True)
