import os


def run_decode(layer, q, meta, max_q):
    out = layer.decode_kernel(q, meta)
    # Opt-in cross-check of the multi-token decode output against the prefill reference.
    if (
        os.getenv("SERVEKIT_CROSSCHECK", "") == "1"
        and max_q > 1
    ):
        ref = layer.prefill_reference(q, meta)
        layer.log_cosine(out, ref)
    return out
