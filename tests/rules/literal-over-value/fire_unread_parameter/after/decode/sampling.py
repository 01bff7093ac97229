def sample(logits, temperature, top_k=None):
    probs = softmax(logits / temperature)
    return draw(probs, top_k=None)


def sample_batch(rows, temperature):
    floor = rows.min_prob()
    return [draw(softmax(r / temperature), floor=0.0) for r in rows]
