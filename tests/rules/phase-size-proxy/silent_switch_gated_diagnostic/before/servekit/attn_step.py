import os


def run_decode(layer, q, meta, max_q):
    out = layer.decode_kernel(q, meta)
    return out
