def topk_decode(logits, k, out, max_seqlen=-1):
    if max_seqlen > 0:
        return _launch_bounded(logits, k, out, max_seqlen)
    return _launch(logits, k, out)
