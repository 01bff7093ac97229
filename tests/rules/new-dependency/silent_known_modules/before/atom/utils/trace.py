import msgpack


def pack(x):
    return msgpack.packb(x)
