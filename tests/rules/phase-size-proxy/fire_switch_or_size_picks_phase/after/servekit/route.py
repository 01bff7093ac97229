import os


def forward(layer, q, meta, max_q):
    # Either switch forces the decode kernel; by default the size alone decides.
    if os.getenv("SERVEKIT_FORCE_DECODE", "") == "1" or max_q <= 1:  # expect[warn]: phase-size-proxy
        return layer.decode_kernel(q, meta)
    return layer.prefill_kernel(q, meta)
