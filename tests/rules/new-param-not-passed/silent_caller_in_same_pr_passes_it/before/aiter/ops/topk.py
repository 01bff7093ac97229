def topk_decode(logits, k, out):
    return _launch(logits, k, out)
