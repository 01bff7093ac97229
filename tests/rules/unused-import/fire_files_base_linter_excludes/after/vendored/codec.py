import zlib  # expect[note]: unused-import


def encode(b):
    return bytes(b)
