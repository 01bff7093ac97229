def topk_decode(logits, k, out, max_seqlen=-1):
    return _launch(logits, k, out, max_seqlen)


META = {"max_seqlen": 4096}
