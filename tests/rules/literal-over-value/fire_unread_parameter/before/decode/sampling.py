def sample(logits, temperature):
    probs = softmax(logits / temperature)
    return draw(probs)
