import os


def forward(layer, q, meta, max_q):
    if meta.is_prefill:
        return layer.prefill_kernel(q, meta)
    return layer.decode_kernel(q, meta)
